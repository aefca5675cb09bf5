#pragma once
// SDL's window-system messages, with Xlib's event structs: a module of its own, so that Xlib's
// names (Font, Window, Display...) reach only the one file that reads X event times.
#include <SDL2/SDL.h>
#include <SDL2/SDL_syswm.h>
