"""Saint Poker positions, decision values (exact ones against a brute force scored by
eval7), whole games, the studies and the ``saint`` commands."""

from __future__ import annotations

import json
from itertools import combinations, product
from pathlib import Path

import eval7
import numpy as np
import pandas as pd
import pytest

from analyzer.cards import CardError, format_cards, parse_cards
from analyzer.games.saint_poker import engine as E
from analyzer.games.saint_poker import policies as P
from analyzer.games.saint_poker import rollout as R
from analyzer.games.saint_poker import study_kernels as K
from analyzer.games.saint_poker import table as T
from analyzer.games.saint_poker.decide import CHUNK, decide
from analyzer.games.saint_poker.play import parse_policies, parse_policy, simulate_games
from analyzer.games.saint_poker.policies import _least_needed
from analyzer.games.saint_poker.position import position_from_dict
from analyzer.games.saint_poker.rules import SaintPokerRules
from analyzer.games.saint_poker.tuned import SAVE_HAND_SET
from analyzer.games.saint_poker.tuning import paired_cell
from analyzer.sim.seeds import chunk_state, derive_seed
from analyzer.studies.saint_poker import SaintPlan, regret_cell, tables
from positions import SAINT

REMOVED = "2c 2d 2h 2s 3c 3d 3h 3s 4c 4d 4h 4s 5c 5d 5h 5s 6c 6d 6h 6s 7c 7d 7h 7s 8c 8h 8s 9c 9d 9s Tc Td Th Ts Jd"
LAST_RIVER = {
    "players": 2,
    "round": 8,
    "phase": "river",
    "hand": "As Kd 9h",
    "river": "Jc 8d Qc",
    "removed": REMOVED,
    "scores": [10, 12],
}


def _value(cards) -> int:
    return eval7.evaluate([eval7.Card(format_cards([c])) for c in cards])


def _brute_force(data: dict) -> dict[str, tuple[float, float, float]]:
    """(P(win round 8), expected points, P(win the game)) of each river card, the opponent
    playing 'save' (his river card the one he misses least) over every hand he may hold; the
    game is won with more points than the opponent after round 8, shared on equal points."""
    mine = list(parse_cards(data["hand"]))
    river = list(parse_cards(data["river"]))
    seen = set(mine) | set(river) | set(parse_cards(data["removed"]))
    unseen = [c for c in range(52) if c not in seen]
    results = {}
    mine_before, theirs_before = data["scores"]
    for card in mine:
        wins = points = games = 0.0
        hands = list(combinations(unseen, 3))
        for hand in hands:
            mask = sum(1 << c for c in hand)
            theirs_river = _least_needed(mask, 1, SAVE_HAND_SET)[0]
            board = river + [card, theirs_river]
            me = _value(board + [c for c in mine if c != card])
            them = _value(board + [c for c in hand if c != theirs_river])
            share = 8 if me > them else 4 if me == them else 0
            wins += share > 0
            points += share
            final = mine_before + share, theirs_before + (8 - share if share != 4 else 4)
            games += 1.0 if final[0] > final[1] else 0.5 if final[0] == final[1] else 0.0
        results[format_cards([card])] = (wins / len(hands), points / len(hands), games / len(hands))
    return results


@pytest.mark.jitless
def test_last_round_values_are_exact_and_equal_a_brute_force():
    result = decide(position_from_dict(LAST_RIVER), policy="save")
    assert result.run.exact and result.run.trials == 165  # C(11, 3) hands for the opponent
    expected = _brute_force(LAST_RIVER)
    best = max(points for _, points, _ in expected.values())
    for choice in result.choices:
        p, points, game = expected[choice.cards]
        assert choice.p_win_round == pytest.approx(p, abs=1e-12)
        assert choice.p_win_game == pytest.approx(game, abs=1e-12) and choice.p_win_game_stderr == 0
        assert choice.regret == pytest.approx(best - points, abs=1e-12) and choice.regret_stderr == 0
        assert choice.points_now == pytest.approx(points, abs=1e-12)
        assert choice.points_total == pytest.approx(points, abs=1e-12)  # the last round
    assert [c.points_total for c in result.choices] == sorted((c.points_total for c in result.choices), reverse=True)


# three players in round 8: seat 2's hand is known (drafted), seat 1 holds 3 of the 9 unseen cards
_KEPT = set(parse_cards("As Ah Kd Ac 8d 2c 3d 7h 4c 5d 6h 9s Tc Jd Qh Kh Ks"))
THREE_LAST_RIVER = {
    "players": 3,
    "round": 8,
    "phase": "river",
    "hand": "As Ah Kd",
    "river": "Ac 8d",
    "scores": [10, 12, 9],
    "known": ["", "", "2c 3d 7h"],
    "removed": format_cards([c for c in range(52) if c not in _KEPT]),
}


def _minimax_brute_force(data: dict, players_known: dict[int, str]) -> dict[str, tuple[float, float]]:
    """(expected points, P(win the game)) of each river card of round 8 against opponents who
    answer it knowing every hand, to give you the fewest points and then the smallest share of
    the game (§3.3.2: r = 8 points, w tied winners ceil(8 / w) each; §3.5: most points wins, a
    shared win 1 / w), over every hand of the one hidden opponent (seat 1); ``players_known``
    gives the other opponents' full hands. Plain loops, eval7 for the hands."""
    mine = list(parse_cards(data["hand"]))
    river = list(parse_cards(data["river"]))
    known = {seat: list(parse_cards(cards)) for seat, cards in players_known.items()}
    seen = set(mine) | set(river) | set(parse_cards(data["removed"])) | {c for h in known.values() for c in h}
    unseen = [c for c in range(52) if c not in seen]
    scores = data["scores"]
    results = {}
    for card in mine:
        points = games = 0.0
        hands = list(combinations(unseen, 3))
        for hidden in hands:
            all_hands = {1: list(hidden), **known}
            outcomes = []
            for answer in product(*(all_hands[s] for s in sorted(all_hands))):
                plays = dict(zip(sorted(all_hands), answer))
                board = river + [card] + list(answer)
                values = {0: _value(board + [c for c in mine if c != card])}
                for s, h in all_hands.items():
                    values[s] = _value(board + [c for c in h if c != plays[s]])
                top = max(values.values())
                winners = [s for s, v in values.items() if v == top]
                gained = {s: (-(-8 // len(winners)) if s in winners else 0) for s in values}
                final = {s: scores[s] + gained[s] for s in values}
                best = max(final.values())
                share = 1 / sum(v == best for v in final.values()) if final[0] == best else 0.0
                outcomes.append((gained[0], share))
            worst = min(outcomes)
            points += worst[0]
            games += worst[1]
        results[format_cards([card])] = (points / len(hands), games / len(hands))
    return results


@pytest.mark.parametrize(
    "data, known",
    [
        (LAST_RIVER, {}),
        ({**LAST_RIVER, "scores": [12, 12]}, {}),
        (THREE_LAST_RIVER, {2: "2c 3d 7h"}),
    ],
)
def test_minimax_last_round_equals_a_brute_force(data, known):
    """The exact policy (river card of round 8 against opponents who play to beat you) against
    a plain enumeration written from the rules."""
    result = decide(position_from_dict(data), policy="exact")
    assert result.run.exact and result.policy == "exact" and "play to beat you" in result.continuation
    expected = _minimax_brute_force(data, known)
    assert {c.cards for c in result.choices} == expected.keys()
    for c in result.choices:
        points, game = expected[c.cards]
        assert c.points_total == pytest.approx(points, abs=1e-12)
        assert c.p_win_game == pytest.approx(game, abs=1e-12)


def test_the_exact_policy_needs_the_last_river():
    with pytest.raises(ValueError, match="river card of the last round"):
        decide(position_from_dict({**LAST_RIVER, "phase": "reveal", "hand": "As Kd", "river": "Jc 8d Qc Qd Qs"}),
               policy="exact")  # fmt: skip


@pytest.mark.jitless
def test_monte_carlo_values_agree_with_exact():
    position = position_from_dict(LAST_RIVER)
    exact = {c.cards: c for c in decide(position, policy="save").choices}
    sampled = decide(position, policy="save", exact=False, trials=3_000, seed=5)
    for c in sampled.choices:
        assert abs(c.points_total - exact[c.cards].points_total) <= 4 * c.stderr + 1e-9
        assert abs(c.p_win_game - exact[c.cards].p_win_game) <= 4 * c.p_win_game_stderr + 1e-9
    assert "then plays save" in sampled.continuation


@pytest.mark.jitless
def test_regret_standard_errors_are_those_of_the_paired_differences():
    """The paired standard error of each regret (every choice on the same samples) against the
    differences measured here one sample at a time; and the regrets against the exact ones."""
    position = position_from_dict(LAST_RIVER)
    exact = {c.cards: c for c in decide(position, policy="save").choices}
    trials = CHUNK  # one chunk: its stream is chunk_state(9, 0)
    sampled = decide(position, policy="save", exact=False, trials=trials, seed=9)
    best = {c.cards: c for c in sampled.choices}[sampled.best.cards]
    assert best.regret == 0 and best.regret_stderr == 0
    for c in sampled.choices:
        assert abs(c.regret - (exact[sampled.best.cards].points_total - exact[c.cards].points_total)) <= (
            4 * c.regret_stderr + 1e-9
        )
    state = position.to_state()
    choices = R._legal_choices(state, 0)
    names = [format_cards([a]) for a, _ in choices.tolist()]
    rng = chunk_state(9, 0)
    points = np.zeros((trials, len(choices)))
    for i in range(trials):
        one = np.zeros((len(choices), R.CHOICE_TALLY), np.int64)
        R._sample_choices(state, 0, choices, np.full(2, P.SAVE), P.policy_weights(), rng, 1, one)
        points[i] = one[:, 3]
    for c in sampled.choices:
        diff = points[:, names.index(sampled.best.cards)] - points[:, names.index(c.cards)]
        assert c.regret == pytest.approx(diff.mean(), abs=1e-12)
        assert c.regret_stderr == pytest.approx(diff.std() / np.sqrt(trials), abs=1e-12)


def test_choices_of_each_phase():
    river = decide(position_from_dict(SAINT), trials=40, seed=1)
    assert len(river.choices) == 10 and all(len(c.cards.split()) == 1 for c in river.choices)
    reveal = decide(
        position_from_dict(
            {
                "players": 3,
                "round": 1,
                "phase": "reveal",
                "hand": "As Kd 9h 9c 7s 5d 4c 3h 2s",
                "river": "Jc 8d Qc 9d 2h",
                "future": "Qd 2c",
            }
        ),
        trials=20,
        seed=1,
    )
    assert len(reveal.choices) == 36 and all(len(c.cards.split()) == 2 for c in reveal.choices)
    draft = decide(
        position_from_dict(
            {
                "players": 2,
                "round": 1,
                "phase": "draft",
                "hand": "As Kd 9h 9c 7s 5d 4c",
                "river": "Jc 8d Qc 9d 2h",
                "future": "Qd 2c 3c",
                "revealed": ["Ah Ad", "Kh Ks"],
                "order": [0, 1, 0, 1],
            }
        ),
        trials=40,
        seed=1,
    )
    assert {c.cards for c in draft.choices} == {"Jc", "8d", "Qc", "9d", "2h", "Ah", "Ad", "Kh", "Ks"}
    for c in draft.choices:
        assert 0 <= c.p_win_round <= 1 and c.points_total >= c.points_now >= 0


@pytest.mark.parametrize(
    "change, message",
    [
        ({"players": 6}, "players: expected at most 5"),
        ({"round": 9}, "round: expected at most 8"),
        ({"phase": "bet"}, "phase: expected one of river"),
        ({"hand": "As Kd"}, "you hold 3 cards"),
        ({"river": "Jc 8d"}, "river phase the river holds the 3"),
        ({"removed": "2c 2d"}, "35 cards left the game"),
        ({"future": "Qd"}, "future river has 0"),
        ({"scores": [1]}, "scores"),
        ({"phase": "draft"}, "no draft after round 8"),
        ({"bogus": 1}, "bogus: unknown key"),
    ],
)
def test_impossible_positions_are_refused(change, message):
    with pytest.raises(ValueError, match=message):
        position_from_dict({**LAST_RIVER, **change})


def test_a_card_twice_is_a_card_error():
    with pytest.raises(CardError, match="Jc"):
        position_from_dict({**LAST_RIVER, "hand": "As Kd Jc"})


def test_exact_needs_a_deterministic_last_round():
    with pytest.raises(ValueError, match="exact values need"):
        decide(position_from_dict(LAST_RIVER), policy="greedy", exact=True)


def test_games_reproducible_and_greedy_beats_random():
    a = simulate_games(3, "greedy,random,random", games=1_000, seed=4)
    b = simulate_games(3, "greedy,random,random", games=1_000, seed=4)
    assert a.seats == b.seats
    assert sum(s["wins"] for s in a.seats) == pytest.approx(1.0)
    assert a.seats[0]["wins"] > 0.8
    for s in a.seats:
        assert sum(s["score_histogram"]) == 1_000
        assert sum(s[f"won_round_{r}"] * r for r in range(1, 9)) <= s["score"] + 1e-9 + 36


@pytest.mark.parametrize(
    "spec",
    ["smart", "greedy:2", "rollout:0", "rollout:2:rollout", "search:0", "search:x", "search:8:search", "search:1:2:3"],
)
def test_bad_policies(spec):
    with pytest.raises(ValueError, match="policy"):
        parse_policy(spec)


@pytest.mark.parametrize(
    ("spec", "row"),
    [
        ("search", [P.SEARCH, 256, P.GREEDY]),
        ("Search:32:save", [P.SEARCH, 32, P.SAVE]),
        ("rollout", [P.ROLLOUT, 8, P.GREEDY]),
    ],
)
def test_policy_grammar(spec, row):
    assert parse_policy(spec).tolist() == row


@pytest.mark.jitless
def test_decide_under_search_matches_the_brute_force():
    """The last round: after your river card your reveal is forced (two cards), so the search
    continuation changes nothing and the sampled values agree with the eval7 brute force."""
    expected = _brute_force(LAST_RIVER)
    result = decide(position_from_dict(LAST_RIVER), policy="search:16,save", trials=2_000, seed=3)
    assert not result.run.exact and result.policy == "search:16,save"
    assert any(choice.stderr > 0 for choice in result.choices)
    for choice in result.choices:  # a card that never wins is 0 with no error
        assert abs(choice.points_total - expected[choice.cards][1]) <= 4 * choice.stderr, choice


ROUND7_REVEAL = {
    "players": 3,
    "round": 7,
    "phase": "reveal",
    "scores": [5, 9, 8],
    "hand": "As Kd 9h",
    "river": "Jc 8d Qd 2c 9c",
    "future": "3h 4h",
    "removed": "2d 3d 4d 5c 6c 7c 8c 9d Td Jd Qh Kh Ah 2h 5h 6h 7h 8h Th Jh Ks Qs Js Ts 9s 8s 7s 6s 5s 4s",
}


def _plain_monte_carlo(data: dict, policy: str, trials: int, seed: int) -> dict[frozenset, tuple[float, float]]:
    """(mean, s.e.) of your points to the end for each pair of a reveal, written apart from
    ``decide``: the opponents' hidden cards and the deck shuffled by numpy from the cards you
    have not seen, your pair played, then the game stepped to its end by the policies."""
    position = position_from_dict(data)
    _, params = parse_policies(policy, position.players)
    seen = set(position.hand) | set(position.river) | set(position.future) | set(position.removed)
    unseen = [c for c in range(52) if c not in seen]
    gen = np.random.default_rng(seed)
    points: dict[frozenset, list[int]] = {frozenset(pair): [] for pair in combinations(position.hand, 2)}
    none = np.zeros(2, np.int64)
    for t in range(trials):
        st = position.to_state()
        cards = list(gen.permutation(unseen))
        for p in range(1, position.players):
            held = position.hand_size(p)
            st[E.HAND + p] = sum(1 << int(c) for c in cards[:held])
            cards = cards[held:]
        st[E.DECK : E.DECK + len(cards)] = cards
        st[E.TOP], st[E.END] = 0, len(cards)
        for pair in combinations(position.hand, 2):
            game = st.copy()
            deal = chunk_state(seed, t)
            rngs = np.stack([chunk_state(seed + 1 + p, t) for p in range(E.MAX_PLAYERS)])
            T._step(game, params, P.policy_weights(), deal, rngs, 0, np.array(pair, np.int64), T.lookahead_flag(params))
            while game[E.PHASE] != E.OVER:
                T._step(game, params, P.policy_weights(), deal, rngs, -1, none, T.lookahead_flag(params))
            points[frozenset(pair)].append(int(game[E.SCORE]) - position.scores[0])
    return {k: (float(np.mean(v)), float(np.std(v) / np.sqrt(len(v)))) for k, v in points.items()}


def test_decide_under_search_agrees_with_a_plain_monte_carlo():
    """Round 7's reveal valued with every player searching after it: ``decide`` and the plain
    estimate above agree within 4 combined standard errors for every pair."""
    result = decide(position_from_dict(ROUND7_REVEAL), policy="search:12", trials=300, seed=8)
    plain = _plain_monte_carlo(ROUND7_REVEAL, "search:12", 300, seed=9)
    assert len(result.choices) == len(plain) == 3
    for choice in result.choices:
        mean, se = plain[frozenset(parse_cards(choice.cards))]
        assert abs(choice.points_total - mean) < 4 * np.hypot(choice.stderr, se), (choice, mean, se)


def test_bad_player_and_policy_counts():
    with pytest.raises(ValueError, match="2 to 5 players"):
        simulate_games(6, "greedy", games=1)
    with pytest.raises(ValueError, match="give 1 to 2 policies"):
        simulate_games(2, "greedy,greedy,greedy", games=1)


@pytest.mark.slow
def test_studies_run_small(tmp_path):
    results = tables(
        games=60,
        rollout_games=2,
        rollout_policy="rollout:2",
        positions=4,
        samples=4,
        paired_deals=2,
        search_policy="search:4",
        regret_positions=2,
        regret_samples=4,
        regret_search=("search:4",),
        rating_deals=6,
        rating_search="search:4",
    )
    names = ["tournament", "ties_and_seats", "paired_tournament", "ratings", "spend_or_save", "policy_regret"]
    assert [r.name for r in results] == names
    ratings = results.pop(3).tables["ratings"]
    assert set(ratings.player) == {"greedy", "save", "tuned", "tuned-save", "rollout:4", "search:4"}
    assert (ratings.stderr > 0).all()
    tournament = results[0].tables["tournament"]
    assert len(tournament) == 4 * 4 and tournament.wins.between(0, 1).all()
    assert len(results[1].tables["tied_rounds"]) == 4 * 8
    shares = results[2].tables["win_shares"]
    assert len(shares) == 4 * 5 and len(results[2].tables["differences"]) == 4 * 10
    greedy = shares[shares.policy == "greedy"]  # greedy in any seat of an all-greedy table: the same game
    assert (greedy.wins == 1 / greedy.players).all() and (greedy.wins_stderr == 0).all()
    assert list(results[3].tables["spend_or_save"]["round"]) == list(range(1, 8))
    regret, by_phase = results[4].tables["policy_regret"], results[4].tables["by_phase"]
    policies = ["greedy", "save", "tuned", "rollout:2", "search:4"]
    cells = [(phase, r) for phase, last in (("river", 8), ("reveal", 7), ("draft", 7)) for r in range(1, last + 1)]
    assert list(zip(regret.phase, regret["round"], regret.policy)) == [(*c, p) for c in cells for p in policies]
    assert (regret.positions == 2).all() and (regret.choices >= 2).all()
    assert list(by_phase.positions) == [2 * 8] * 5 + [2 * 7] * 10
    for table in (regret, by_phase):
        assert (table.regret >= 0).all() and (table.points_regret >= 0).all() and table.best_choice.between(0, 1).all()
        # the best on half the deals is never better on the other half than the best on all (even samples)
        assert (table.regret_held_out <= table.regret + 1e-12).all()


@pytest.mark.slow
def test_cli_decide_and_play(tmp_path, cli):
    path = tmp_path / "p.json"
    path.write_text(json.dumps(LAST_RIVER))
    run = cli("saint", "decide", str(path), "--policy", "save", "--json")
    assert run.returncode == 0, run.stderr
    data = json.loads(run.stdout)
    assert (
        data["exact"] and {"cards", "p_win_round", "points_now", "points_total", "stderr"} <= data["choices"][0].keys()
    )
    path.write_text(json.dumps({**LAST_RIVER, "hand": "As Kd"}))
    bad = cli("saint", "decide", str(path))
    assert bad.returncode == 1 and bad.stderr.count("\n") == 1 and "you hold 3" in bad.stderr
    play = cli(
        "saint", "play", "--players", "4", "--policies", "greedy,save", "--games", "200", "--seed", "1", "--json"
    )
    assert play.returncode == 0, play.stderr
    stats = json.loads(play.stdout)
    assert stats["games"] == 200 and [s["policy"] for s in stats["seats"]] == ["greedy", "save", "greedy", "save"]
    table = cli("saint", "play", "--players", "4", "--policies", "greedy,save", "--games", "200", "--seed", "1")
    shares = [s[f"won_round_{r}"] for s in stats["seats"] for r in range(1, 9)] + stats["tied_rounds"]
    largest = max((p * (1 - p) / 200) ** 0.5 for p in shares)  # binomial errors over the 200 games
    assert f"rounds won and tied: % of games, each ± {100 * largest:.1f}% (s.e.) or less" in table.stdout
    bad = cli("saint", "play", "--players", "3", "--policies", "greedy,nope")
    assert bad.returncode == 1 and "unknown policy" in bad.stderr
    path.write_text(json.dumps(LAST_RIVER))
    for args, words in [
        (("play", "--policies", "search:0"), "'search:0'"),
        (("play", "--policies", "search:8:rollout"), "bad search base policy"),
        (("decide", str(path), "--policy", "search:x"), "'search:x'"),
    ]:
        bad = cli("saint", *args)
        assert bad.returncode == 1 and bad.stderr.count("\n") == 1 and words in bad.stderr, bad.stderr


def test_snake_draft_reverses_the_second_pass():
    """S-10: the second pass in the same order by default, reversed with the option."""
    st = np.zeros(E.STATE_SIZE, np.int64)
    E._start_game(st, 3, 0, chunk_state(1, 0))
    st[E.ORDER : E.ORDER + 3] = [2, 0, 1]
    for snake, expected in ((0, [2, 0, 1, 2, 0, 1]), (1, [2, 0, 1, 1, 0, 2])):
        st[E.SNAKE] = snake
        order = []
        for k in range(6):
            st[E.PICKS] = k
            order.append(int(E._picker(st)))
        assert order == expected


def test_a_face_down_future_river_is_unseen_and_resampled():
    """S-1: with the future river face down, nobody has seen it: it counts as unseen and
    a resample deals it afresh from the unseen cards."""
    st = np.zeros(E.STATE_SIZE, np.int64)
    E._start_game(st, 2, 0, chunk_state(2, 0))
    future = [int(st[E.FUTURE + i]) for i in range(st[E.FUTURE_N])]
    unseen_up = int(E._unseen_mask(st, 0))
    assert not any((unseen_up >> c) & 1 for c in future)
    st[E.FUTURE_HIDDEN] = 1
    unseen_down = int(E._unseen_mask(st, 0))
    assert all((unseen_down >> c) & 1 for c in future)
    copies = set()
    work = np.empty_like(st)
    rng = chunk_state(3, 0)
    for _ in range(20):
        E._resample_hidden(st, work, 0, rng)
        dealt = tuple(int(work[E.FUTURE + i]) for i in range(st[E.FUTURE_N]))
        assert all((unseen_down >> c) & 1 for c in dealt)
        copies.add(dealt)
    assert len(copies) > 1


def test_draft_and_future_options_change_games(cli):
    base = simulate_games(3, "greedy", games=300, seed=6)
    snake = simulate_games(3, "greedy", games=300, seed=6, rules=SaintPokerRules(snake_draft=True))
    hidden = simulate_games(3, "greedy", games=300, seed=6, rules=SaintPokerRules(future_face_up=False))
    assert snake.seats != base.seats and snake.rules.snake_draft
    assert not hidden.rules.future_face_up
    run = cli("saint", "play", "--players", "2", "--games", "50", "--snake-draft", "--future-face-down", "--json")
    assert run.returncode == 0, run.stderr
    data = json.loads(run.stdout)
    assert data["snake_draft"] and not data["future_face_up"]
    assert data["final_tie"] == "shared" and data["random_priority"] is False


def test_rules_defaults_are_the_documented_ones():
    rules = SaintPokerRules()
    assert rules.to_dict() == {
        "final_tie": "shared",
        "random_priority": False,
        "snake_draft": False,
        "future_face_up": True,
    }
    options, final_tie = rules.codes()
    assert options.tolist() == [0, 0, 0] and options.dtype == np.int64 and final_tie == 0
    options, final_tie = SaintPokerRules(
        final_tie="round8", random_priority=True, snake_draft=True, future_face_up=False
    ).codes()
    assert options.tolist() == [1, 1, 1] and final_tie == 1


@pytest.mark.parametrize(
    "fields, words",
    [
        ({"final_tie": "split"}, "saint_poker.final_tie must be shared or round8, got 'split'"),
        ({"random_priority": 1}, "saint_poker.random_priority must be True or False, got 1"),
        ({"snake_draft": "yes"}, "saint_poker.snake_draft must be True or False, got 'yes'"),
        ({"future_face_up": None}, "saint_poker.future_face_up must be True or False, got None"),
    ],
)
def test_bad_rules_are_one_line_errors_naming_the_field(fields, words):
    with pytest.raises(ValueError, match=words) as error:
        SaintPokerRules(**fields)
    assert "\n" not in str(error.value)


def test_explicit_default_rules_give_the_default_games():
    implicit = simulate_games(3, "greedy,random", games=200, seed=8)
    explicit = simulate_games(
        3,
        "greedy,random",
        games=200,
        seed=8,
        rules=SaintPokerRules(final_tie="shared", random_priority=False, snake_draft=False, future_face_up=True),
    )
    assert explicit.rules == implicit.rules == SaintPokerRules()
    assert explicit.seats == implicit.seats and explicit.tied_rounds == implicit.tied_rounds
    one, two = implicit.to_dict(), explicit.to_dict()
    one.pop("elapsed_seconds"), two.pop("elapsed_seconds")
    assert one == two
    assert list(one)[list(one).index("stopped_by") + 1 :][:5] == [
        "final_tie",
        "random_priority",
        "snake_draft",
        "future_face_up",
        "seats",
    ]


def test_committed_paired_tournament_is_reproduced():
    """The committed 2-player cell of the paired tournament, its three base players re-run from
    the seed derived from the manifest's: a deal's cards and streams do not depend on the
    players, so they get the committed win shares exactly (the strong players are left out
    to keep the test fast)."""
    folder = Path(__file__).resolve().parent.parent / "results" / "saint_poker" / "paired_tournament"
    committed = pd.read_csv(folder / "win_shares.csv")
    manifest = json.loads((folder / "manifest.json").read_text())
    deals = manifest["inputs"]["deals_per_player_count"]
    shares, _ = paired_cell(2, ("random", "greedy", "save"), deals, derive_seed(manifest["seed"], 5, 0))
    for row in shares:
        (want,) = committed[(committed.players == 2) & (committed.policy == row["policy"])].itertuples()
        assert (row["wins"], row["wins_stderr"], row["deals"]) == pytest.approx((want.wins, want.wins_stderr, deals))


def test_committed_seat_table_is_reproduced():
    """The committed 2-player all-greedy cell (part 2, cell 0), re-run from the seed derived from
    its manifest's."""
    folder = Path(__file__).resolve().parent.parent / "results" / "saint_poker" / "ties_and_seats"
    seats = pd.read_csv(folder / "seats.csv")
    manifest = json.loads((folder / "manifest.json").read_text())
    row = seats[(seats.players == 2) & (seats.seat == 0)].iloc[0]
    games = manifest["inputs"]["games_per_player_count"]
    again = simulate_games(2, "greedy", games=games, seed=derive_seed(manifest["seed"], 2, 0))
    assert again.seats[0]["wins"] == pytest.approx(row.wins, abs=1e-12)
    assert again.seats[0]["score"] == pytest.approx(row.score, abs=1e-9)


def test_regret_of_a_choice_the_rules_decide_equals_a_brute_force():
    """Round 8, two players, the opponent's three cards all known (drafted), so nothing is
    hidden and every value is exact. Whatever river card the opponent plays, the decider's ace
    in the river gives him a heart flush, while a nine keeps the nines' pair winning (eval7
    referee over all three of his river cards); the round decides the game (10 to 12). Save
    and greedy keep the pair and give the ace away; a rollout under save play finds the nine."""
    river, mine, theirs = parse_cards("2h 7h Kc"), parse_cards("Ah 9s 9d"), parse_cards("Qh Th 3c")
    won = {}
    for card in mine:
        outcomes = set()
        for played in theirs:
            board = [*river, card, played]
            me, them = (_value(board + [c for c in h if c != x]) for h, x in ((mine, card), (theirs, played)))
            outcomes.add(int(me > them))
        (won[card],) = outcomes  # the opponent's choice changes nothing
    assert sum(won.values()) == 2
    regret = {card: max(won.values()) - w for card, w in won.items()}
    deck = [c for c in range(52) if c not in {*river, *mine, *theirs}]
    position = {
        "players": 2,
        "round": 8,
        "phase": "river",
        "hand": format_cards(mine),
        "river": format_cards(river),
        "known": ["", format_cards(theirs)],
        "removed": format_cards(deck[8:]),
        "scores": [10, 12],
    }
    state = position_from_dict(position).to_state()
    policies = np.array([parse_policy(p) for p in ("save", "greedy", "rollout:8:save")])
    tallies = np.zeros(K.regret_width(3))
    kinds = np.full(E.MAX_PLAYERS, P.SAVE)
    K._position_regret(state, 0, policies, kinds, P.policy_weights(), 8, chunk_state(3, 0), tallies)
    ace = parse_cards("Ah")[0]
    want = [regret[ace], regret[ace], 0]  # win share; the round's 8 points in points
    stats = tallies[K.REGRET_HEAD :].reshape(3, K.REGRET_STATS)
    assert tallies[:2].tolist() == [1, 3]
    assert stats[:, 0].tolist() == want and stats[:, 2].tolist() == want  # in-sample and held-out: exact
    assert stats[:, 4].tolist() == [1 - w for w in want] and stats[:, 5].tolist() == [8 * w for w in want]


def test_committed_policy_regret_cell_is_reproduced():
    """The committed round-8 river cell of the policy regret (cell 7), re-run from the seed
    derived from the manifest's with its sizes: the same positions, values and choices."""
    folder = Path(__file__).resolve().parent.parent / "results" / "saint_poker" / "policy_regret"
    committed = pd.read_csv(folder / "policy_regret.csv")
    manifest = json.loads((folder / "manifest.json").read_text())
    inputs = manifest["inputs"]
    plan = SaintPlan(
        regret_positions=inputs["positions_per_cell"],
        regret_samples=inputs["samples_per_choice"],
        seed=manifest["seed"],
    )
    t = regret_cell(plan, 7)
    cell = committed[(committed.phase == "river") & (committed["round"] == 8)]
    assert list(cell.policy) == inputs["policies"] and t[0] == inputs["positions_per_cell"]
    stats = t[K.REGRET_HEAD :].reshape(len(cell), K.REGRET_STATS) / t[0]
    assert stats[:, 0] == pytest.approx(cell.regret.to_numpy(), abs=1e-9)
    assert stats[:, 4] == pytest.approx(cell.best_choice.to_numpy(), abs=1e-12)
    assert stats[:, 5] == pytest.approx(cell.points_regret.to_numpy(), abs=1e-9)
