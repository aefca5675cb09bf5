#pragma once
// SDL's window-system messages, with Xlib's event structs and XInput2's (smooth scrolling): a
// module of its own, so that Xlib's names (Font, Window, Display...) reach only the files that
// read X events.
#include <SDL2/SDL.h>
#include <SDL2/SDL_syswm.h>
#include <X11/extensions/XInput2.h>
