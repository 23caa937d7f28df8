"""The ranking rules of §1 as Numba functions: the value of the best hand in a multiset of ranks
(no flush) and in one suit's lane (flushes and straight flushes), with or without the joker.

These define what the evaluator's lookup tables hold (:mod:`analyzer.eval.build_tables`
runs them over every rank multiset and lane once, offline); the draw engine also asks
:func:`straight_run` which ranks complete a straight. Values are laid out as in
:mod:`analyzer.eval.values`.
"""

from __future__ import annotations

from analyzer.jit import kernel

ACE = 12


@kernel
def encode(category, n1, n2, n3, n4, n5):
    """Pack a category and five rank nibbles (rank + 1, 0 = none) into a value."""
    return (category << 20) | (n1 << 16) | (n2 << 12) | (n3 << 8) | (n4 << 4) | n5


@kernel
def _pack(n1, n2, n3, n4, n5):
    return (n1 << 16) | (n2 << 12) | (n3 << 8) | (n4 << 4) | n5


@kernel
def straight_run(bits, wheel_second):
    """Packed rank nibbles of the best straight in a 13-bit rank set, or -1.

    Runs are listed from the top card; the wheel is 5-4-3-2-A (lowest) or,
    with ``wheel_second``, A-5-4-3-2 (between the ace- and king-high runs).
    """
    best = -1
    for top in range(12, 3, -1):
        window = 0x1F << (top - 4)
        if bits & window == window:
            best = _pack(top + 1, top, top - 1, top - 2, top - 3)
            break
    if bits & 0x100F == 0x100F:
        wheel = _pack(13, 4, 3, 2, 1) if wheel_second else _pack(4, 3, 2, 1, 13)
        if wheel > best:
            best = wheel
    return best


@kernel
def _top_ranks(counts, skip1, skip2, how_many):
    """Packed nibbles of the ``how_many`` highest ranks present, skipping two ranks
    (the kickers: they fill the last ``how_many`` nibbles of a value)."""
    packed, found = 0, 0
    for r in range(12, -1, -1):
        if found == how_many:
            break
        if counts[r] > 0 and r != skip1 and r != skip2:
            packed = (packed << 4) | (r + 1)
            found += 1
    return packed


@kernel
def _highest(counts, at_least, skip):
    for r in range(12, -1, -1):
        if counts[r] >= at_least and r != skip:
            return r
    return -1


@kernel
def rank_value(counts, wheel_second):
    """Value of the best non-flush five-card hand from a multiset of 5-7 ranks (no joker)."""
    if counts[ACE] >= 5:
        return encode(10, 13, 13, 13, 13, 13)
    quad = _highest(counts, 4, -1)
    if quad >= 0:
        k = _highest(counts, 1, quad) + 1
        q = quad + 1
        return encode(8, q, q, q, q, k)
    trips = _highest(counts, 3, -1)
    if trips >= 0:
        pair = _highest(counts, 2, trips)
        if pair >= 0:
            t, p = trips + 1, pair + 1
            return encode(7, t, t, t, p, p)
    bits = 0
    for r in range(13):
        if counts[r] > 0:
            bits |= 1 << r
    run = straight_run(bits, wheel_second)
    if run >= 0:
        return (5 << 20) | run
    if trips >= 0:
        t = trips + 1
        return (4 << 20) | _pack(t, t, t, 0, 0) | _top_ranks(counts, trips, trips, 2)
    high_pair = _highest(counts, 2, -1)
    if high_pair >= 0:
        low_pair = _highest(counts, 2, high_pair)
        p1 = high_pair + 1
        if low_pair >= 0:
            p2 = low_pair + 1
            return (3 << 20) | _pack(p1, p1, p2, p2, 0) | _top_ranks(counts, high_pair, low_pair, 1)
        return (2 << 20) | _pack(p1, p1, 0, 0, 0) | _top_ranks(counts, high_pair, high_pair, 3)
    return (1 << 20) | _top_ranks(counts, -1, -1, 5)


@kernel
def joker_rank_value(counts, wheel_second):
    """Best non-flush value with a joker: the joker is an ace, or fills a straight."""
    counts[ACE] += 1
    best = rank_value(counts, wheel_second)
    counts[ACE] -= 1
    bits = 0
    for r in range(13):
        if counts[r] > 0:
            bits |= 1 << r
    for r in range(13):
        if counts[r] == 0:
            run = straight_run(bits | (1 << r), wheel_second)
            if run >= 0 and (5 << 20) | run > best:
                best = (5 << 20) | run
    return best


@kernel
def _popcount13(bits):
    n = 0
    for r in range(13):
        n += (bits >> r) & 1
    return n


@kernel
def _suited_value(bits, wheel_second):
    """Straight flush or flush value of a set of at least five suited ranks."""
    run = straight_run(bits, wheel_second)
    if run >= 0:
        return (9 << 20) | run
    packed, found = 0, 0
    for r in range(12, -1, -1):
        if (bits >> r) & 1 and found < 5:
            packed = (packed << 4) | (r + 1)
            found += 1
    return (6 << 20) | packed


@kernel
def flush_value(lane, wheel_second, joker_flush_ace):
    """Value of the best flush-type hand in one suit lane (rank bits + joker bit 13), or 0."""
    bits = lane & 0x1FFF
    best = 0
    if lane & 0x2000 == 0:
        if _popcount13(bits) >= 5:
            best = _suited_value(bits, wheel_second)
        return best
    for r in range(13):  # the joker as any missing card of the suit
        filled = bits | (1 << r)
        if filled != bits and _popcount13(filled) >= 5:
            v = _suited_value(filled, wheel_second)
            if v > best:
                best = v
    if joker_flush_ace and _popcount13(bits) >= 4:
        packed, found = 13, 1  # the joker is an extra ace, then the four best suited cards
        for r in range(12, -1, -1):
            if (bits >> r) & 1 and found < 5:
                packed = (packed << 4) | (r + 1)
                found += 1
        if (6 << 20) | packed > best:
            best = (6 << 20) | packed
    return best
