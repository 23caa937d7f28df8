"""Every public number is checked: the API's numeric arguments (trials, games, deals, seeds,
opponents ...) are integers (or finite numbers, or booleans) of the right type and in range, with
one message naming the argument and the value; the policy lists of the command line label every
seat with the policy it played."""

from __future__ import annotations

import importlib
import inspect
import json
import math
import re

import numpy as np
import pytest

import analyzer as pa
from analyzer.api import examples as X

MODULES = ("draw", "head_to_head", "holdem", "mousel", "paigow", "saint_poker", "stud", "whist")
NAMESPACES = {m: importlib.import_module(f"analyzer.api.{m}") for m in MODULES}
VERBS = {
    f"{m}.{name}": getattr(namespace, name)
    for m, namespace in NAMESPACES.items()
    for name in namespace.__all__
    if inspect.isfunction(getattr(namespace, name))
}
BASE = {  # a small valid call of each verb with numeric arguments
    "draw.advise": dict(hand="As Ks Qs Js 2c", opponents=1, trials=200, seed=1),
    "head_to_head.bet": dict(position=X.LAST_BET, trials=20, seed=1),
    "head_to_head.place": dict(position=X.PLACE, trials=20, seed=1),
    "head_to_head.play": dict(games=4, seed=1),
    "head_to_head.rounds": dict(round_type="draw1", rounds=4, rows=3, seed=1),
    "head_to_head.tournament": dict(players=["greedy", "random"], deals=2, seed=1),
    "holdem.equity": dict(hands=["AsKs", "QdQc"], exact=False, trials=100, seed=1, chunk_size=50),
    "mousel.advise": dict(hand="As Ks Qs Js", trump="Qh", players=3, trials=50, seed=1),
    "mousel.play": dict(players=3, thresholds="1.3,1.6,0.3", deals=2, sessions=2, seed=1),
    "paigow.edge": dict(trials=100, seed=1),
    "paigow.split": dict(hand="As Ks Qs Js 2c 3d 4h", exact=False, trials=100, seed=1),
    "saint_poker.decide": dict(position=X.SAINT, trials=10, seed=1),
    "saint_poker.play": dict(players=3, games=4, seed=1),
    "saint_poker.tournament": dict(players=["greedy", "random"], seats=2, deals=2, seed=1),
    "saint_poker.round_robin": dict(players=["greedy", "random", "save"], seats=2, deals=20, seed=1),
    "stud.equity": dict(hands=["As Ks", "Qd Qc"], exact=False, trials=100, seed=1),
    "whist.bid": dict(hand="As Ks Qs Js Ts 9s 8s 7s 6s 5s 4s 3s 2s", trials=20, seed=1),
    "whist.play": dict(deals=2, table_deals=2, seed=1),
}
CALLS = {  # BASE, and the required arguments of the other verbs
    **BASE,
    "holdem.equities": dict(queries=[["AsKs", "QdQc"]]),
    "holdem.flops": dict(hands=["AsKs", "QdQc"]),
    "holdem.turns": dict(hands=["AsKs", "QdQc"], board="2c 3d 4h"),
    "holdem.hits": dict(hand_range="AA"),
    "holdem.push_fold": dict(stack=5),
    "holdem.push_fold_chart": dict(max_stack=3, step=0.5),
    "holdem.icm": dict(stacks=[3, 2], payouts=[1]),
    "holdem.icm_push_fold": dict(stacks=[5, 5, 5], payouts=[1], deals=1000),
    "draw.odds": dict(hand="As Ks Qs Js 2c"),
}
COUNTS = {"trials", "games", "deals", "rounds", "sessions", "table_deals", "chunk_size", "inner_trials", "players"}
COUNTS |= {"opponents", "rows"}


def _kind(verb: str, name: str) -> str:
    annotation = str(inspect.signature(VERBS[verb]).parameters[name].annotation)
    return annotation.split(" | ")[0]


def _arguments(*kinds: str) -> list[tuple[str, str]]:
    return [(verb, name) for verb, f in VERBS.items() for name in f.checked if _kind(verb, name) in kinds]


def _names(message: str, name: str) -> bool:
    return message.startswith(f"{name}: ") or name in message or name.replace("_", " ") in message


def test_a_namespace_shows_only_its_verbs_and_their_result_types():
    for m, namespace in NAMESPACES.items():
        verbs = {name for name in namespace.__all__ if f"{m}.{name}" in VERBS}
        results = set(namespace.__all__) - verbs
        assert dir(namespace) == sorted(namespace.__all__), m
        assert verbs and all(isinstance(getattr(namespace, name), type) for name in results), m
        returned = {
            kind.strip()
            for name in verbs
            for kind in inspect.signature(VERBS[f"{m}.{name}"]).return_annotation.split("|")
        }
        assert returned == results, m  # each verb's result type, and no other name


def test_every_verb_checks_its_numeric_arguments():
    """Every public verb is wrapped by the one check, which finds every int, float and bool
    parameter (a verb added without it fails here)."""
    for verb, function in VERBS.items():
        assert hasattr(function, "checked"), verb
        for name, parameter in inspect.signature(function).parameters.items():
            kinds = set(str(parameter.annotation).split(" | ")) - {"None"}
            assert (name in function.checked) == (len(kinds) == 1 and kinds <= {"int", "float", "bool"}), verb
    assert ("holdem.equity", "trials") in _arguments("int") and ("draw.advise", "opponents") in _arguments("int")


@pytest.mark.parametrize(("verb", "name"), _arguments("int"))
@pytest.mark.parametrize(
    ("value", "error", "expected"),
    [
        (1.5, TypeError, "expected an integer, got 1.5"),
        (2.0, TypeError, "expected an integer, got 2.0"),
        (np.float64(3.0), TypeError, "expected an integer, got 3.0"),
        (True, TypeError, "expected an integer, got True"),
        ("3", TypeError, "expected an integer, got '3'"),
        (2**64, ValueError, None),  # past 64 bits: a seed's largest is 2**64 - 1, other integers' 2**63 - 1
    ],
)
def test_an_integer_argument_of_another_type_is_refused_naming_it(verb, name, value, error, expected):
    if expected is None:
        expected = f"expected at most {2**64 - 1 if name == 'seed' else 2**63 - 1}, got {value}"
    with pytest.raises(error) as raised:
        VERBS[verb](**{**CALLS.get(verb, {}), name: value})
    assert str(raised.value) == f"{name}: {expected}"


@pytest.mark.parametrize(("verb", "name"), _arguments("float"))
@pytest.mark.parametrize(
    ("value", "error", "expected"),
    [
        (True, TypeError, "expected a number, got True"),
        ("0.1", TypeError, "expected a number, got '0.1'"),
        (math.inf, ValueError, "expected a finite number, got inf"),
        (math.nan, ValueError, "expected a finite number, got nan"),
    ],
)
def test_a_number_argument_of_another_type_is_refused_naming_it(verb, name, value, error, expected):
    with pytest.raises(error) as raised:
        VERBS[verb](**{**CALLS.get(verb, {}), name: value})
    assert str(raised.value) == f"{name}: {expected}"


@pytest.mark.parametrize(("verb", "name"), _arguments("bool"))
@pytest.mark.parametrize("value", [1, 0, "yes", 1.0])
def test_a_boolean_argument_is_true_or_false(verb, name, value):
    with pytest.raises(TypeError) as raised:
        VERBS[verb](**{**CALLS.get(verb, {}), name: value})
    assert str(raised.value) == f"{name}: expected true or false, got {value!r}"


@pytest.mark.parametrize(("verb", "name"), [(v, n) for v, n in _arguments("int") if v in BASE])
@pytest.mark.parametrize("value", [0, -1, 10**13])
def test_an_integer_out_of_range_is_refused_naming_it_and_its_value(verb, name, value):
    """Counts are at least 1; seeds, seats and draw sizes at least 0; none is unbounded."""
    if value == 0 and name not in COUNTS:
        pytest.skip(f"{name} 0 is a valid value")
    if value == 10**13 and name == "seed":
        pytest.skip("every 64-bit seed is valid")
    with pytest.raises(ValueError) as raised:
        VERBS[verb](**{**BASE[verb], "threads": 1, name: value})
    message = str(raised.value)
    assert _names(message, name) and str(value) in message and "\n" not in message, message


def test_a_seed_is_any_64_bit_word_and_is_checked_on_exact_runs_too():
    """Seeds are 0 to 2**64 - 1 as the engines take them (a Python or numpy integer), and a bad
    one is refused even by a run that draws nothing (an enumeration)."""
    top = pa.holdem.equity(["AsAh", "KdKc"], exact=False, trials=2_000, seed=2**64 - 1, threads=1)
    same = pa.holdem.equity(["AsAh", "KdKc"], exact=False, trials=2_000, seed=np.uint64(2**64 - 1), threads=1)
    assert _timeless(top.to_dict()) == _timeless(same.to_dict()) and top.run.seed == 2**64 - 1
    for exact_run in (
        lambda seed: pa.holdem.equity(["AsAh", "KdKc"], exact=True, seed=seed),
        lambda seed: pa.stud.equity(["As Ah", "Kd Kc"], exact=True, seed=seed),
        lambda seed: pa.paigow.split("Tc Td 6h 6s Ac 3d 2h", exact=True, seed=seed),
    ):
        with pytest.raises(ValueError, match=r"^seed: expected at least 0, got -5$"):
            exact_run(-5)


@pytest.mark.parametrize(
    ("hands", "got"),
    [({"AsAh", "KdKc"}, "got set"), ({"AA": 1, "KK": 2}, "got dict"), (5, "got int 5"), (None, "got NoneType None")],
)
def test_hands_are_a_list_in_seat_order(hands, got):
    """A set or a dict of hands has no seat order (a set's changes with the hash seed), and a
    value that is no list was refused deep inside ("'int' object is not iterable")."""
    with pytest.raises(TypeError, match=f"give one hand or range per player as a list, in seat order: {got}"):
        pa.holdem.equity(hands)


def test_cards_that_are_neither_text_nor_a_list_are_named():
    with pytest.raises(TypeError, match="cards: expected text or a list of cards, got int 5"):
        pa.holdem.equity(["AA", "KK"], board=5)


def test_numpy_scalars_inside_a_dict_input_are_taken_as_the_values_they_hold():
    """A rules or position dictionary built with NumPy values (as a notebook computes them) reads
    as the same dictionary of Python values, as the verbs' own arguments do."""
    hand = "Ah Kh 7c 2d 3d 4d 5d 6d 7d 8d 9d Td Jd"
    plain = pa.whist.bid(hand, rules={"max_solo_joiners": 0, "call_own_ace": False}, trials=300, seed=1, threads=1)
    numpy = pa.whist.bid(
        hand, rules={"max_solo_joiners": np.int64(0), "call_own_ace": np.bool_(False)}, trials=300, seed=1, threads=1
    )
    assert _timeless(numpy.to_dict()) == _timeless(plain.to_dict())


@pytest.mark.parametrize("verb", list(BASE))
def test_numpy_integers_are_accepted_as_the_integers_they_hold(verb):
    """The same call with every integer a numpy integer gives the same result."""
    base = {**BASE[verb], "threads": 1}
    as_numpy = {k: np.int64(v) if type(v) is int else v for k, v in base.items()}
    assert any(isinstance(v, np.integer) for v in as_numpy.values())
    assert _timeless(VERBS[verb](**as_numpy).to_dict()) == _timeless(VERBS[verb](**base).to_dict())


def _timeless(data):
    """A result's dictionary without its timings."""
    if isinstance(data, dict):
        return {k: _timeless(v) for k, v in data.items() if "elapsed" not in k}
    return [_timeless(v) for v in data] if isinstance(data, list) else data


def test_the_reported_findings():
    """The calls of the issue that ran on nonsense or failed deep inside."""
    with pytest.raises(TypeError, match=r"^trials: expected an integer, got 1.5$"):
        pa.holdem.equity(["AsKs", "QdQc"], trials=1.5, exact=False)
    with pytest.raises(TypeError, match=r"^opponents: expected an integer, got 2.5$"):
        pa.draw.advise("As Ks Qs Js 2c", opponents=2.5)
    with pytest.raises(TypeError, match=r"^seed: expected an integer, got 1.5$"):
        pa.head_to_head.play(games=2, seed=1.5)
    with pytest.raises(TypeError, match=r"^player 1's hand or range must be text or a Range, got int 5$"):
        pa.holdem.equity([5, "QdQc"])
    with pytest.raises(TypeError, match=r"^hand_range must be text or a Range, got int 5$"):
        pa.holdem.hits(5)
    with pytest.raises(TypeError, match=r"^players must be a list of policy names, not one string"):
        pa.head_to_head.tournament("greedy,random")


@pytest.mark.parametrize(
    ("policies", "message"),
    [
        (["greedy", "", "save"], "policy 2 of 3 is empty"),
        (["greedy", 5], "policy 2 of 2 must be a name, got 5"),
        ("greedy,,save", "policy 2 of 3 is empty in 'greedy,,save'"),
        (",", "policy 1 of 2 is empty"),
        ("greedy,bogus", "unknown policy 'bogus'"),
    ],
)
def test_saint_poker_policy_lists_refuse_empty_and_unknown_names(policies, message):
    with pytest.raises((ValueError, TypeError), match=message):
        pa.saint_poker.play(players=3, policies=policies, games=2, seed=1)
    with pytest.raises((ValueError, TypeError), match=message):
        pa.saint_poker.decide(X.SAINT, policy=policies, trials=2, seed=1)


@pytest.mark.parametrize(
    ("args", "named"),
    [
        (["saint-poker", "play", "--players", "3", "--policies", "greedy,,save", "--games", "2"], "policy 2 of 3"),
        (["saint-poker", "play", "--players", "3", "--policies", "greedy, ", "--games", "2"], "policy 2 of 2"),
        (["saint-poker", "play", "--players", "3", "--policies", "greedy,gredy", "--games", "2"], "'gredy'"),
        (["whist", "play", "--policy", "heuristic,,random,heuristic", "--table-deals", "1000"], "''"),
        (["mousel", "play", "--players", "3", "--thresholds", "1.3,1.6,0.3;;0.7,1.6,0.3", "--deals", "2"], "''"),
    ],
)
def test_cli_policy_lists_refuse_empty_and_unknown_names_in_one_line(cli, args, named):
    run = cli(*args)
    assert run.returncode == 1 and run.stdout == ""
    assert run.stderr.startswith("error: ") and run.stderr.count("\n") == 1 and named in run.stderr, run.stderr


def test_saint_poker_seats_are_labelled_with_the_policies_they_played(cli):
    """A shorter list is cycled over the seats, and each seat's label is the policy it played:
    the same figures as naming every seat in full."""
    runs = [
        cli("saint-poker", "play", "--players", "3", "--policies", policies, "--games", "20", "--seed", "4", "--json")
        for policies in ("greedy,save", "greedy,save,greedy")
    ]
    short, full = (json.loads(run.stdout) for run in runs)
    assert short["policies"] == [s["policy"] for s in short["seats"]] == ["greedy", "save", "greedy"]
    assert short["seats"] == full["seats"]


def test_the_quick_pass_uses_the_checks_bound():
    """The verbs pass plain values without pydantic (:func:`analyzer.api._translate._passes_as_is`),
    up to the bound the strict check itself has."""
    from analyzer.api import _translate
    from analyzer.json_input import INT64_MAX

    assert _translate.INT64_MAX == INT64_MAX


WHIST_HAND = "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S"


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda: pa.whist.bid(WHIST_HAND, policy=["heuristic", 3]), "policy: item 2 is 3"),
        (lambda: pa.whist.play(policy=["heuristic", None, "heuristic", "heuristic"]), "policy: item 2 is None"),
        (lambda: pa.whist.bid(["AS", 5], trials=10), "hand: item 2 is 5"),
        (lambda: pa.mousel.advise(["Ah", 7], "h", 3), "hand: item 2 is 7"),
        (lambda: pa.mousel.advise("Ah Kh Qh Jh Th", "h", 3, used=[1]), "used: item 1 is 1"),
    ],
)
def test_a_list_of_texts_with_an_item_of_another_type_names_the_argument(call, message):
    with pytest.raises(TypeError, match=f"^{re.escape(message)}, expected text$"):
        call()


def test_a_verb_runs_on_its_run_keywords_or_a_given_runner_not_both():
    from analyzer.sim.runner import Runner

    base = BASE["holdem.equity"]
    assert pa.holdem.equity(**base, runner=Runner(threads=1)).players == pa.holdem.equity(**base, threads=1).players
    with pytest.raises(TypeError, match="equity: give runner or threads, not both"):
        pa.holdem.equity(**base, threads=1, runner=Runner())
    with pytest.raises(TypeError, match="scheduler"):  # a verb shows and takes only the keywords it honours
        pa.paigow.exact_edge(scheduler="tcp://nowhere:8786")


def test_calls_with_the_same_run_keywords_share_one_runner_and_each_sink_is_heard():
    """Runners are immutable, so calls giving the same fields share one (analyzer.api._translate);
    a progress sink that cannot be hashed still gets a runner of its own, and hears its run."""
    from analyzer.api import _translate

    heard: list[list] = []

    class Sink(list):  # a list: unhashable
        def __call__(self, done, planned):
            self.append(done)

    assert _translate._runner((("threads", 1),)) is _translate._runner((("threads", 1),))
    assert _translate._runner((("threads", 1),)) is not _translate._runner((("threads", 2),))
    for _ in range(2):
        sink = Sink()
        pa.holdem.equity(["AsKs", "QdQc"], board="Kh7d2c5s", exact=True, threads=1, progress=sink)
        heard.append(sink)
    assert all(sink for sink in heard) and heard[0] is not heard[1]
    with pytest.raises(ValueError, match="threads"):
        pa.holdem.equity(["AsKs", "QdQc"], board="Kh7d2c5s", threads=10_000)


def test_a_kept_stopping_rule_is_the_rule_given_and_a_bad_one_is_refused_every_time():
    """The verbs keep a stopping rule per set of fields (:func:`analyzer.api._translate.stopping`):
    a kept rule is the one its fields make, ``5`` and ``5.0`` apart, and a bad rule is refused
    with the same line on every call."""
    from analyzer.api import _translate
    from analyzer.sim.engine import Stopping

    assert _translate.stopping(None, None, None) == Stopping()
    assert _translate.stopping(200, 0.01, None) == Stopping(trials=200, target_se=0.01)
    assert type(_translate.stopping(None, None, 5).time_limit) is int
    assert type(_translate.stopping(None, None, 5.0).time_limit) is float
    for _ in range(2):
        with pytest.raises(ValueError, match=r"^target standard error must be between 0 and 1, got 2\.0$"):
            pa.holdem.equity(["AsKs", "QdQc"], exact=False, target_se=2.0)
    base = BASE["holdem.equity"]
    assert pa.holdem.equity(**base).players == pa.holdem.equity(**base).players
