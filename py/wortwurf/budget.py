"""How long a search may go on before it answers with the best it has found.

A phone gives the page's worker about half of one laptop core, so a search that takes a laptop a fifth of a
second keeps a player at the table waiting for seconds. The page therefore gives every call a time budget
(`bridge.call`), and the searches (advice, hints, computer players, solvers) look at `out_of_time()` where
they can stop with what they have: a race of keep choices ends with its leader, a solver with the table that
lays most, an exact solve with an estimate that says it is one.

Natively, in the tests and the benchmarks, no budget is set unless one is asked for (`limited`): the searches
run to their own bounds, so the same position always gets the same answer there. The clock is read here only,
never by a game's rules.
"""

from __future__ import annotations

import time
from contextlib import contextmanager

_deadline: float | None = None


@contextmanager
def limited(seconds: float | None):
    """Searches within the block stop at `seconds` from now (None: no limit); blocks may nest (the inner
    limit ends no later than the outer)."""
    global _deadline
    outer = _deadline
    if seconds is not None:
        ends = time.monotonic() + seconds
        _deadline = ends if outer is None else min(outer, ends)
    try:
        yield
    finally:
        _deadline = outer


def left() -> float | None:
    """The seconds the search running now has left (None: no limit)."""
    return None if _deadline is None else max(0.0, _deadline - time.monotonic())


def share(part: float):
    """A block that may use `part` of the time left (no limit where there is none): a first step of a search
    that must leave the rest to the steps after it."""
    seconds = left()
    return limited(None if seconds is None else part * seconds)


def out_of_time() -> bool:
    """Whether the search running now has used up its budget."""
    return _deadline is not None and time.monotonic() >= _deadline


class OutOfTime(Exception):
    """A search that cannot stop with a best-so-far (an exact solve) gives up with this (`check`), within a
    `stoppable` block whose caller has an answer for it; what it has remembered of its work is kept, so the
    next call goes on from there."""


_stoppable = 0


@contextmanager
def stoppable():
    """Within the block, `check` raises OutOfTime once the budget is used up (elsewhere the same solve runs to
    its end: a caller without an estimate to give needs the exact answer)."""
    global _stoppable
    _stoppable += 1
    try:
        yield
    finally:
        _stoppable -= 1


def check() -> None:
    """Raise OutOfTime once the budget is used up, in a `stoppable` block."""
    if _stoppable and out_of_time():
        raise OutOfTime
