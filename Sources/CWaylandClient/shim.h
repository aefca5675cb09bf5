#pragma once
// libwayland-client, for the app's own wl_pointer beside SDL's (axis source, axis stop, event times).
#include <wayland-client.h>
