"""CPU per move of the Head to Head placement players (:mod:`analyzer.games.head_to_head.move_cost`):
positions from real play, the same for every player, and costs that order the players as their
work does (a greedy move is a table lookup; a search move is a thousand play-outs)."""

from __future__ import annotations

import pytest

from analyzer.games.head_to_head import engine as E
from analyzer.games.head_to_head.move_cost import move_costs, sample_positions


def test_positions_come_from_rounds_of_a_game_in_progress():
    positions = sample_positions(60, seed=3)
    assert (positions == sample_positions(60, seed=3)).all() and not (positions == sample_positions(60, seed=4)).all()
    assert set(positions[:, E.ROWS]) == {3, 4, 5}  # the game's three round sizes
    assert len(set(positions[:, E.TYPE])) == 5 and set(positions[:, E.CRAZY]) == {0, 1}  # rolled on the die
    for st in positions:
        assert not E._round_over(st) and 0 <= st[E.TURN] < E._placements(st)


def test_positions_of_a_fixed_round_type():
    positions = sample_positions(20, seed=3, round_type="open5", crazy=True)
    assert (positions[:, E.TYPE] == E.OPEN5).all() and (positions[:, E.CRAZY] == 1).all()


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda: sample_positions(0, seed=1), "positions must be 1 to"),
        (lambda: sample_positions(2, seed=1, crazy=True), "crazy needs a fixed round type"),
        (lambda: sample_positions(2, seed=1, round_type="open6"), "unknown round type 'open6'"),
        (lambda: move_costs(["greedy"], positions=2, repeats=0), "repeats must be at least 1"),
        (lambda: move_costs(["greedy", "serch"], positions=2), "serch"),
    ],
)
def test_bad_arguments_are_refused(call, message):
    with pytest.raises(ValueError, match=message):
        call()


def test_costs_follow_the_work_each_player_does():
    costs = move_costs(["greedy", "search:256", "search:1024"], positions=20, repeats=3, seed=2)
    assert [c.player for c in costs] == ["greedy", "search:256", "search:1024"]
    for c in costs:
        assert (c.positions, c.repeats) == (20, 3) and 0 < c.fastest_ms <= c.ms_per_move <= c.slowest_ms
    greedy, search_256, search_1024 = (c.ms_per_move for c in costs)
    assert 100 * greedy < search_256 < search_1024  # a lookup against 256 and 1,024 play-outs
