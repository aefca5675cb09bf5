"""Real X input for `parallax run` under Xvfb: a virtual screen, the window found by its title, and
XTest events whose send times are CLOCK_MONOTONIC seconds (Python's time.monotonic() on Linux), the
clock of the trace's `presentTime`. Used by scripts/latency; other real-input tools can import it
(put scripts/ on sys.path). Needs Xvfb and python3-xlib (scripts/install-deps installs both)."""

import os
import subprocess
import time

from Xlib import X, XK, display as xdisplay
from Xlib.ext import xtest


class VirtualScreen:
    """An Xvfb server on a free display number, stopped on exit from the `with` block."""

    def __init__(self, width=1600, height=1000):
        self.size = (width, height)
        self.process = None
        self.name = None

    def __enter__(self):
        read_end, write_end = os.pipe()
        self.process = subprocess.Popen(
            ["Xvfb", "-displayfd", str(write_end), "-screen", "0", "%dx%dx24" % self.size, "-nolisten", "tcp"],
            pass_fds=[write_end], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(write_end)
        number = b""
        with os.fdopen(read_end, "rb") as pipe:
            while not number.endswith(b"\n"):
                chunk = pipe.read(1)
                if not chunk:
                    raise RuntimeError("Xvfb exited before reporting its display")
                number += chunk
        self.name = ":" + number.decode().strip()
        return self

    def __exit__(self, *exc):
        self.process.terminate()
        self.process.wait(timeout=10)


class XInput:
    """Sends XTest input to one display; every send returns the monotonic time just before it."""

    def __init__(self, display_name):
        self.display = xdisplay.Display(display_name)
        self.root = self.display.screen().root
        if not self.display.has_extension("XTEST"):
            raise RuntimeError("the X server %s has no XTEST extension" % display_name)

    def find_window(self, title, timeout=30.0):
        """The top-level window called `title`, once mapped: (window, x, y, width, height) on the root."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            for window in self.root.query_tree().children:
                try:
                    if window.get_wm_name() != title or window.get_attributes().map_state != X.IsViewable:
                        continue
                    geometry = window.get_geometry()
                    origin = window.translate_coords(self.root, 0, 0)
                    return window, -origin.x, -origin.y, geometry.width, geometry.height
                except Exception:
                    continue  # the window went away between the listing and the query
            time.sleep(0.05)
        raise RuntimeError("no window called %r appeared within %.0f s" % (title, timeout))

    def focus(self, window):
        """Keys go to `window` (Xvfb has no window manager to give it focus)."""
        window.set_input_focus(X.RevertToParent, X.CurrentTime)
        self.display.sync()

    def _send(self, kind, **fields):
        sent = time.monotonic()
        xtest.fake_input(self.display, kind, **fields)
        self.display.sync()
        return sent

    def move(self, x, y):
        return self._send(X.MotionNotify, x=int(x), y=int(y))

    def press(self, button=1):
        return self._send(X.ButtonPress, detail=button)

    def release(self, button=1):
        return self._send(X.ButtonRelease, detail=button)

    def wheel(self, notches):
        """Whole wheel notches: positive scrolls up (X button 4), negative down (button 5)."""
        button = 4 if notches > 0 else 5
        sent = []
        for _ in range(abs(notches)):
            sent.append(self.press(button))
            self.release(button)
        return sent[0] if sent else None

    def click(self, button):
        """Presses and releases `button` (4 and 5: a wheel notch up and down; 6 and 7: left and right)."""
        sent = self.press(button)
        self.release(button)
        return sent

    def _keycode(self, name):
        code = self.display.keysym_to_keycode(XK.string_to_keysym(name))
        if code == 0:
            raise ValueError("no key for the keysym %r" % name)
        return code

    def key_down(self, name):
        """Holds the key with the X keysym `name` ("Shift_L" for Shift+wheel)."""
        return self._send(X.KeyPress, detail=self._keycode(name))

    def key_up(self, name):
        return self._send(X.KeyRelease, detail=self._keycode(name))

    def key(self, name):
        """Presses and releases the key with the X keysym `name` ("Escape", "F12", "Down")."""
        sent = self.key_down(name)
        self.key_up(name)
        return sent
