"""The typer classes every ``poker-analyzer`` app and command is built with, for readable help.

typer prints a type column beside every parameter: ``<bool>`` for a flag, ``<str>`` or
``<list[str]>`` for an argument, ``<int range>`` for a bounded number. The help here names values
instead:

* a value option shows its metavar, which every option declares (``--board CARDS``, ``--trials N``);
* a flag (``--json``, ``--progress/--no-progress``, ``--help``) shows nothing, as it takes no value;
* an argument shows its metavar once, in the name column (``CARDS``, ``RANGE...``), with no type.

Help text is Markdown, so a paragraph reflows to the terminal's width however the docstring
wraps it, and square brackets are text (``[params]``), not Rich markup. A choice keeps typer's
list of its values (``<standard|pat>``).

Every choice is case-insensitive (``--rules BUG``, ``--way TRUMP-PLAZA``), whatever its option
declares: :func:`name_values` sets it for every parameter of every command, so none can differ.

Every parameter converts its values by :func:`cli.coercion.runtime_param` (typer's rules, without
importing pydantic): :func:`name_values` gives each its class, :class:`NamedArgument` or
:class:`Option`.

This reads typer 0.29's parameters (``type_descriptor``, ``display_type_rich``,
``get_runtime_param``), which are internal to typer: pyproject.toml pins typer's minor version.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import typer
from typer._coercion import RuntimeParam
from typer.core import TyperArgument, TyperCommand, TyperGroup, TyperOption, _TyperParameter

from cli.coercion import runtime_param


class PlainConversion(_TyperParameter):
    """A typer parameter converting its values by :func:`~cli.coercion.runtime_param`."""

    def get_runtime_param(self) -> RuntimeParam:
        """The parameter's conversion, built on first use (typer's method, another builder)."""
        if self._runtime_param is None:
            self._runtime_param = runtime_param(self.type_descriptor)
        return self._runtime_param


class Option(PlainConversion, TyperOption):
    """A typer option converting its values by :func:`~cli.coercion.runtime_param`."""


class NamedArgument(PlainConversion, TyperArgument):
    """An argument shown by its metavar alone: the name column already says what it takes."""

    def display_type_rich(self, ctx) -> str | None:
        """No type column entry (typer would repeat the argument as ``<str>``)."""
        return None


def name_values(params: list[Any]) -> list[Any]:
    """Make ``params`` show as the module docstring says, in place, and return them.

    A flag gets the empty metavar, which typer prints instead of ``<bool>``; an argument becomes
    a :class:`NamedArgument` and an option an :class:`Option` (the subclasses add no state, so
    a class can be swapped; both convert values without pydantic); choices become
    case-insensitive (typer reads ``case_sensitive`` for choices only, so it is set on every
    typer parameter). Idempotent, so it may run on every help page and every parse.
    """
    for param in params:
        descriptor = getattr(param, "type_descriptor", None)  # typer's parameters have one, Click's help none
        if descriptor is not None:
            descriptor.parameter_info.case_sensitive = False
        if isinstance(param, TyperOption) and param.is_flag and param.metavar is None:
            param.metavar = ""
        if type(param) is TyperArgument:
            param.__class__ = NamedArgument
        elif type(param) is TyperOption:
            param.__class__ = Option
    return params


class Command(TyperCommand):
    """A command whose parameters, its ``--help`` included, show by :func:`name_values`."""

    def get_params(self, ctx) -> list[Any]:
        """The parameters typer parses and lists (the help option is added here, lazily)."""
        return name_values(super().get_params(ctx))


class Group(TyperGroup):
    """A group of commands whose own options show by :func:`name_values`, as a command's do."""

    def get_params(self, ctx) -> list[Any]:
        """The group's options, completion and help included (typer appends some after construction)."""
        return name_values(super().get_params(ctx))


class App(typer.Typer):
    """A ``typer.Typer`` building :class:`Group` and :class:`Command`, with Markdown help.

    With no arguments an app shows its help. ``help`` is the one-line description shown in the
    parent's list of commands; other keyword arguments go to ``typer.Typer``.
    """

    def __init__(self, *, help: str, **options: Any) -> None:
        options.setdefault("no_args_is_help", True)
        super().__init__(help=help, cls=Group, rich_markup_mode="markdown", **options)

    def command(self, name: str | None = None, *, cls: type[TyperCommand] | None = None, **options: Any) -> Any:
        """Register a command, built as a :class:`Command` unless ``cls`` says otherwise."""
        return super().command(name, cls=cls or Command, **options)


ALIASES = {"h2h": "head-to-head", "saint": "saint-poker"}
"""The hidden short names of the two long command groups: short name -> group."""


def group_name(game: str) -> str:
    """The command group of a game named as its Python namespace (:data:`analyzer.GAMES`, the
    games of :data:`analyzer.api.warmup.WARMUPS`): the same name with hyphens.

    >>> group_name("head_to_head")
    'head-to-head'
    """
    return game.replace("_", "-")


def invoked_name(args: Sequence[str]) -> str | None:
    """The command or group a command line runs: its first argument that is no option (the
    root's options, ``--debug`` and ``--version``, take no value), or None.

    >>> invoked_name(["--debug", "holdem", "equity", "AsKs"])
    'holdem'
    >>> invoked_name(["--help"]) is None
    True
    """
    return next((arg for arg in args if not arg.startswith("-")), None)
