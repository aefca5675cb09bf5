"""What the input players (xtest-play, wayland-pointer-play, mutter-remote-play) share: sending an
event at its time on CLOCK_MONOTONIC."""

import time


def wait_until(due):
    """Sleeps to within 2 ms of `due`, then spins. The time left is read once a turn: read twice, a
    preemption between the reads could make the sleep's length negative."""
    while (left := due - time.monotonic()) > 0.002:
        time.sleep(left - 0.002)
    while time.monotonic() < due:
        pass
