"""Start an aiosmtpd server on 127.0.0.1 for a test, in a way a slow, busy machine does not fail by chance.

aiosmtpd's Controller waits 5 s for its thread to listen and answer, and fails with "SMTP server failed to start
within allotted time. This might happen if the system is too busy": here it waits READY_TIMEOUT. A free port is
chosen, then bound by the server: if another process took it in between, another port is chosen.
"""

from __future__ import annotations

import errno
import socket
from typing import Any

READY_TIMEOUT = 120.0  # seconds for the server's thread to listen and answer (aiosmtpd's default: 5)
CLIENT_TIMEOUT = 60.0  # the mail settings' timeout where a live server on this PC must answer each step
TRIES = 5


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_controller(handler: Any, **kwargs: Any) -> tuple[Any, int]:
    """A started aiosmtpd Controller for `handler` on 127.0.0.1, and its port. Stop it with `.stop()`."""
    from aiosmtpd.controller import Controller

    for attempt in range(TRIES):
        port = free_port()
        controller = Controller(handler, hostname="127.0.0.1", port=port, ready_timeout=READY_TIMEOUT, **kwargs)
        try:
            controller.start()
        except OSError as error:
            controller.stop(no_assert=True)
            if error.errno != errno.EADDRINUSE or attempt == TRIES - 1:
                raise
            continue
        return controller, port
    raise AssertionError("unreachable")
