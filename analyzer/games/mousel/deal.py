"""A whole Mousel deal: going along, the exchange, declaring, play and settlement.

:func:`run_deal` plays a dealt state in Numba with one seat's decisions fixed and every
other seat a baseline player (:mod:`.policies`). :class:`MouselDeal` plays a given deal
card by card from Python (scripted deals, notebooks, tests).
"""

from __future__ import annotations

import numpy as np

from analyzer.cards import CardError, check_disjoint, parse_cards
from analyzer.games._tricks import TrickDeal
from analyzer.games.mousel import engine as E
from analyzer.games.mousel.policies import ALONG, DECLARE, KEEP, _baseline_discards, _play_out, _strength
from analyzer.games.mousel.rules import FAIL_MODES
from analyzer.jit import kernel
from analyzer.sim.arrays import copy_into
from analyzer.sim.bits import bit_count, nth_bit
from analyzer.sim.rng import fresh_stream

NO_GAME = -1


@kernel
def _run_deal(
    st, seat, along, discards, declare, params, play_mode, pot, stake, fail_mode, single_takes, buf, rng, chips
):
    """Play the dealt ``st`` to its end: ``seat`` goes along or not, lays away ``discards``
    and takes the game or not when offered (``seat = -1``: nobody's plan is fixed); every
    other seat ``s`` is a baseline player with the thresholds ``params[s]`` (ALONG,
    DECLARE, KEEP). Chips per seat go to ``chips``; returns the pot left for the next deal. The
    declarer is ``st[DECLARER]``, NO_GAME when nobody or one player went along or
    everyone passed (the stakes stay in the pot, M-8 by default)."""
    n, trump = st[E.PLAYERS], st[E.TRUMP]
    part = np.int64(0)
    for s in range(n):
        chips[s] = 0.0
        goes = along if s == seat else _strength(st[E.HAND + s], trump) >= params[s, ALONG]
        if goes:
            part |= np.int64(1) << s
    st[E.PARTICIPANTS] = part
    count = bit_count(part)
    if count == 0:
        return pot
    pot += stake * count
    if count == 1:
        chips[nth_bit(part, 0)] = pot - stake if single_takes else -stake
        return 0.0 if single_takes else pot
    s = E._first_participant(st)
    for _ in range(count):
        lay_away = discards if s == seat else _baseline_discards(st[E.HAND + s], trump, params[s, KEEP])
        E._exchange(st, s, lay_away, rng)
        s = E._next_participant(st, s)
    declarer = NO_GAME
    s = E._first_participant(st)
    for _ in range(count):
        takes = declare if s == seat else _strength(st[E.HAND + s], trump) >= params[s, DECLARE]
        if takes:
            declarer = s
            break
        s = E._next_participant(st, s)
    if declarer == NO_GAME:
        for s in range(n):
            chips[s] = -stake if (part >> s) & 1 else 0.0
        return pot
    E._start_play(st, declarer)
    _play_out(st, play_mode, buf, rng)
    return E._settle(st, pot, stake, fail_mode, chips)


DECLARED, MADE, CHIPS, TRICKS_TAKEN, VALUE = range(5)  # the outcomes of an option, per row
OUTCOMES = 5


@kernel
def _option_outcomes(
    deal, seat, options, params, play_mode, pot, stake, fail_mode, single_takes, st, buf, chips, rng, outcomes
):
    """Play each option (rows: along, discards, declare) of ``seat`` on the same dealt
    state and the same fresh random stream (common random numbers) into ``outcomes`` rows.
    The *value* is the seat's chips plus the change of its equal share of the pot carried
    to the next deal."""
    seed = fresh_stream(rng)
    stream = np.empty(4, np.uint64)
    players = deal[E.PLAYERS]
    for i in range(options.shape[0]):
        copy_into(st, deal)
        copy_into(stream, seed)
        next_pot = _run_deal(
            st,
            seat,
            options[i, 0],
            options[i, 1],
            options[i, 2],
            params,
            play_mode,
            pot,
            stake,
            fail_mode,
            single_takes,
            buf,
            stream,
            chips,
        )
        declarer = st[E.DECLARER]
        row = outcomes[i]
        row[DECLARED] = declarer == seat
        row[MADE] = declarer == seat and st[E.TRICKS + seat] >= E.MAKE
        row[CHIPS] = chips[seat]
        row[TRICKS_TAKEN] = st[E.TRICKS + seat] if declarer >= 0 else 0
        row[VALUE] = chips[seat] + (next_pot - pot) / players


class MouselDeal(TrickDeal):
    """The play of one deal: ``hands`` per seat ("" for a seat that does not go along),
    the trump card, the declarer's seat; then :meth:`play` card by card."""

    def __init__(self, hands: list[str], trump: str, declarer: int):
        parsed = [tuple(int(c) for c in parse_cards(h)) if h.strip() else () for h in hands]
        n = len(parsed)
        if n not in range(E.MIN_PLAYERS, E.MAX_PLAYERS + 1):
            raise ValueError(f"hands: one per seat, 3 to 8 seats, got {n}")
        trump_card = parse_cards(trump)
        if len(trump_card) != 1:
            raise CardError(f"trump: one card, got {trump!r}")
        check_disjoint(
            {"trump": tuple(int(c) for c in trump_card)} | {f"hand of seat {i}": h for i, h in enumerate(parsed)}
        )
        for i, h in enumerate(parsed):
            if h and len(h) != E.HAND_SIZE:
                raise ValueError(f"hand of seat {i}: 4 cards, got {len(h)}")
        if sum(bool(h) for h in parsed) < 2:
            raise ValueError("at least two seats go along")
        if declarer not in range(n) or not parsed[declarer]:
            raise ValueError(f"declarer must be a seat that goes along, got {declarer!r}")
        self.engine, self.seats = E, n
        self.state = np.zeros(E.STATE_SIZE, np.int64)
        E._setup(self.state, n, int(trump_card[0]), np.zeros(0, np.int64))
        for seat, hand in enumerate(parsed):
            self.state[E.HAND + seat] = sum(1 << c for c in hand)
            if hand:
                self.state[E.PARTICIPANTS] |= 1 << seat
        E._start_play(self.state, declarer)

    def settle(self, pot: float, stake: float = 1.0, fail_mode: str = "payout") -> tuple[list[float], float]:
        """Chips per seat (stakes included) from a pot of ``pot`` (stakes included), and the
        pot left for the next deal (M-3, M-4, M-5)."""
        if not self.done:
            raise ValueError("the deal is not over")
        chips = np.zeros(int(self.state[E.PLAYERS]))
        next_pot = E._settle(self.state, float(pot), float(stake), FAIL_MODES[fail_mode], chips)
        return chips.tolist(), float(next_pot)
