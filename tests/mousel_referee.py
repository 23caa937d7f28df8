"""An independent Mousel referee for the tests (rules §6.5, M-1..M-10).

Written from the rules text only; it does not use :mod:`analyzer.games.mousel`.

* :func:`legal_cards`, :func:`trick_winner`: follow suit; if void, trump (any trump, no duty
  to over-trump); void without trumps, any card. The highest trump wins, else the highest
  card of the led suit; ace high.
* :func:`settlement`: pot P, each trick pays P/4 (M-3); a declarer with 1 trick pays P
  ("bet"), with none 2P ("mouselbet"); any other participant without a trick pays P (M-5);
  penalties are based on P before the payout and go to the next deal's pot (M-4);
  ``fail_mode="keep"``: the pot is not paid out when the declarer fails.
* :class:`Referee`: one deal's play; seats that did not go along are skipped, the first
  participant leads the first trick (M-6), then the trick winner leads.
* :func:`minimax`: the declarer's tricks under exact play, by brute force: the declarer
  maximizes his tricks, every other participant minimizes them.

Cards are plain strings ("As"): rank "23456789TJQKA" (ace high), suit "cdhs".
Used by ``test_mousel_engine.py`` and ``test_whist_mousel_analysis.py``.
"""

from __future__ import annotations

RANKS = "23456789TJQKA"
SUITS = "cdhs"
DECK = [r + s for r in RANKS for s in SUITS]


def rank(card: str) -> int:
    return RANKS.index(card[0])


def suit(card: str) -> str:
    return card[1]


def trick_winner(trick: list[tuple[int, str]], trump: str) -> int:
    """The seat that takes ``trick`` (seat, card in order of play): the highest trump,
    else the highest card of the suit led; ace high."""
    trumps = [(rank(c), s) for s, c in trick if suit(c) == trump]
    if trumps:
        return max(trumps)[1]
    led = suit(trick[0][1])
    return max((rank(c), s) for s, c in trick if suit(c) == led)[1]


def legal_cards(hand: set[str], trick: list[tuple[int, str]], trump: str) -> set[str]:
    """Follow suit; if void, trump (any trump, no duty to over-trump); else any card."""
    if not trick:
        return set(hand)
    led = suit(trick[0][1])
    same = {c for c in hand if suit(c) == led}
    if same:
        return same
    trumps = {c for c in hand if suit(c) == trump}
    return trumps or set(hand)


def settlement(
    tricks: list[int], participants: list[int], declarer: int, pot: float, stake: float, fail_mode: str
) -> tuple[list[float], float]:
    """Chips per seat (stake paid included) and the next deal's pot, from the rules."""
    failed = tricks[declarer] < 2
    paid_out = not (failed and fail_mode == "keep")
    next_pot = 0.0 if paid_out else pot
    chips = [0.0] * len(tricks)
    for s in participants:
        t = tricks[s]
        if s == declarer:
            penalty = {0: 2 * pot, 1: pot}.get(t, 0.0)  # mouselbet, bet
        else:
            penalty = pot if t == 0 else 0.0  # M-5
        chips[s] = (t * pot / 4 if paid_out else 0.0) - stake - penalty
        next_pot += penalty
    return chips, next_pot


class Referee:
    """One deal's play by the rules, hands as lists of card strings ([] = not along);
    only the suit of ``trump_card`` (the turned-up card) matters."""

    def __init__(self, hands: list[list[str]], trump_card: str, declarer: int):
        self.n = len(hands)
        self.hands = [set(h) for h in hands]
        self.participants = [s for s in range(self.n) if hands[s]]
        self.trump = suit(trump_card)
        self.declarer = declarer
        self.turn = self.participants[0]  # M-6: the first participant leads
        self.trick: list[tuple[int, str]] = []
        self.tricks = [0] * self.n

    @property
    def done(self) -> bool:
        return sum(self.tricks) == 4

    def next_seat(self, seat: int) -> int:
        s = (seat + 1) % self.n
        while s not in self.participants:
            s = (s + 1) % self.n
        return s

    def legal(self) -> set[str]:
        return legal_cards(self.hands[self.turn], self.trick, self.trump)

    def play(self, card: str) -> None:
        assert card in self.legal()
        self.hands[self.turn].remove(card)
        self.trick.append((self.turn, card))
        if len(self.trick) < len(self.participants):
            self.turn = self.next_seat(self.turn)
            return
        winner = trick_winner(self.trick, self.trump)
        self.tricks[winner] += 1
        self.trick = []
        self.turn = winner

    def copy(self) -> Referee:
        other = object.__new__(Referee)
        other.__dict__.update(self.__dict__)
        other.hands = [set(h) for h in self.hands]
        other.trick = list(self.trick)
        other.tricks = list(self.tricks)
        return other

    def settle(self, pot, stake, fail_mode):
        return settlement(self.tricks, self.participants, self.declarer, pot, stake, fail_mode)


def minimax(ref: Referee, prune: bool = True, alpha: int = -1, beta: int = 5) -> int:
    """The declarer's final trick count: he maximizes it, all other participants minimize.

    Every legal card is tried at every turn. With ``prune`` (alpha-beta cut-offs), the
    default window (-1, 5) holds every possible count 0..4 strictly inside, so the value
    is the same exact one as without; ``prune=False`` is the plain full tree."""
    if ref.done:
        return ref.tricks[ref.declarer]
    maximizing = ref.turn == ref.declarer
    value = -1 if maximizing else 5
    for card in sorted(ref.legal()):
        child = ref.copy()
        child.play(card)
        v = minimax(child, prune, alpha, beta)
        if maximizing:
            value = max(value, v)
            alpha = max(alpha, v)
        else:
            value = min(value, v)
            beta = min(beta, v)
        if prune and alpha >= beta:
            break
    return value
