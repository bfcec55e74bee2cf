"""A request runs with room on the interpreter's frame stack (vinescore/frames.py):
calls at any depth inside it never map and unmap a stack chunk each time, as
they do at a chunk's edge in a plain thread (python/cpython#142183)."""

import resource
import threading

import pytest

from vinescore.frames import with_room

CALLS = 200
DEPTHS = range(400)  # a fresh thread's first chunk ends within this many frames


def leaf() -> None:
    return None


def faults_at(depth: int, run) -> int:
    """Page faults taken by CALLS calls made `depth` frames down a fresh thread."""
    faults = {}

    def down(n: int) -> None:
        if n:
            return down(n - 1)
        before = resource.getrusage(resource.RUSAGE_THREAD).ru_minflt
        for _ in range(CALLS):
            leaf()
        faults["taken"] = resource.getrusage(resource.RUSAGE_THREAD).ru_minflt - before

    thread = threading.Thread(target=run, args=(down, depth))
    thread.start()
    thread.join()
    return faults["taken"]


def plainly(call, *args):
    return call(*args)


def test_calls_at_every_depth_of_a_roomy_request_take_no_fault_each():
    if max(faults_at(depth, plainly) for depth in DEPTHS) < CALLS // 2:
        pytest.skip("this Python keeps a stack chunk between calls at its edge")
    assert max(faults_at(depth, with_room(plainly)) for depth in DEPTHS) < CALLS // 10


def test_a_roomy_call_is_the_call():
    assert with_room(divmod)(17, 5) == (3, 2)
    with pytest.raises(ZeroDivisionError):
        with_room(divmod)(1, 0)
