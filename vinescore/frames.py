"""Room on the interpreter's frame stack for each request.

CPython keeps a thread's frames in 16 KB chunks and frees a chunk as soon as
the frame at its start returns, so code whose calls go back and forth across
a chunk's edge maps and unmaps memory at each call (python/cpython#142183,
Python 3.11 to 3.14). A request through Django's middleware into a template
sits about that deep: a hand's POST made some 470 mmap/munmap pairs, about
3 ms of its CPU, and which page paid depended on how deep its templates
nest. Under a frame with a large evaluation stack, the request starts in a
chunk of 1 MiB of its own, held until it returns: one pair a request.
"""

from collections.abc import Callable
from typing import ParamSpec, TypeVar

P = ParamSpec("P")
R = TypeVar("R")

# Slots of the roomy frame's evaluation stack: 512 KB, in a chunk of 1 MiB
# (chunks double from 16 KB), which leaves the request 512 KB of frames. Only
# the memory frames use is touched.
STACK_SLOTS = 64 * 1024


def _run(call: Callable[P, R], *args: P.args, **kwargs: P.kwargs) -> R:
    return call(*args, **kwargs)


_run.__code__ = _run.__code__.replace(co_stacksize=STACK_SLOTS)


def with_room(call: Callable[P, R]) -> Callable[P, R]:
    """`call`, run at the start of a frame-stack chunk with room for a request."""

    def run(*args: P.args, **kwargs: P.kwargs) -> R:
        return _run(call, *args, **kwargs)

    return run
