"""The ``lookahead`` argument of the kernels that play whole rounds or phases, shared by the
games whose players may simulate (Head to Head, Saint Poker).

A kernel that plays a game calls the simulating players' code (rollout and search) only when
its ``lookahead`` argument says some seat plays one. Passed as :data:`NO_LOOKAHEAD` (``None``),
the argument types as ``none`` and Numba drops that code from the compiled kernel, so a game of
simple players never compiles it; :data:`LOOKAHEAD` is a typed ``np.bool_``, since a literal
``True`` passed inside a kernel would compile a second specialization.
"""

from __future__ import annotations

import numpy as np

LOOKAHEAD = np.bool_(True)
"""``lookahead`` where some seat simulates."""
NO_LOOKAHEAD = None
"""``lookahead`` where no seat does: the simulating code is not compiled."""


def lookahead_for(kinds: np.ndarray, simulating: np.ndarray | tuple[int, ...]) -> np.bool_ | None:
    """:data:`LOOKAHEAD` when one of the seats' policy ``kinds`` is among the ``simulating``
    kinds, else :data:`NO_LOOKAHEAD`.

    >>> lookahead_for(np.array([0, 3]), (3, 4)) is LOOKAHEAD, lookahead_for(np.array([0, 1]), (3, 4))
    (True, None)
    """
    return LOOKAHEAD if np.isin(kinds, simulating).any() else NO_LOOKAHEAD
