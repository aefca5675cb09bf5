#pragma once
// libdbus, for one question to the desktop's settings portal at start (reduced motion).
#include <dbus/dbus.h>
