"""The typer classes every ``poker-analyzer`` app and command is built with, for readable help
and values converted without pydantic.

typer prints a type column beside every parameter: ``<bool>`` for a flag, ``<str>`` or
``<list[str]>`` for an argument, ``<int range>`` for a bounded number. The help here names values
instead:

* a value option shows its metavar, which every option declares (``--board CARDS``, ``--trials N``);
* a flag (``--json``, ``--progress/--no-progress``, ``--help``) shows nothing, as it takes no value;
* an argument shows its metavar once, in the name column (``CARDS``, ``RANGE...``), with no type.

Help text is Markdown, so a paragraph reflows to the terminal's width however the docstring
wraps it, and square brackets are text (``[params]``), not Rich markup. A choice keeps typer's
list of its values (``<standard|pat>``).

Every parameter converts its values by :mod:`analyzer.cli.coercion` (in plain Python, without
importing pydantic), from the type its function declares: :func:`name_values` gives each its
class, :class:`Option` or :class:`NamedArgument`, and its
:class:`~analyzer.cli.coercion.Conversion`. Every choice is case-insensitive (``--rules BUG``,
``--way TRUMP-PLAZA``), whatever its option declares, as that conversion matches choices (the
options declare ``case_sensitive=False`` too, for typer's shell completion).

Only typer's public classes are used (``typer.core``'s ``TyperCommand``, ``TyperGroup``,
``TyperOption``, ``TyperArgument``), with two methods overridden that typer does not document:
Click's ``Parameter.process_value``, where the conversion runs, and typer's
``display_type_rich``, the help's type column. Should a later typer stop calling either, nothing
breaks: its own conversion (with pydantic) or its type column comes back, and
tests/test_cli_coercion.py or tests/test_cli_help.py fail.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import typer
from typer.core import TyperArgument, TyperCommand, TyperGroup, TyperOption

from analyzer.cli.coercion import Conversion, conversion, declared_conversions

FLAG = conversion(bool)
"""The conversion of a flag typer adds (``--help``, ``--install-completion``, ``--show-completion``)."""


def processed(param: Option | NamedArgument, ctx: Any, value: Any, typer_process: Callable[[Any, Any], Any]) -> Any:
    """``value`` (off the command line, or a default) converted by the parameter's conversion,
    checked for presence and passed through its callback: Click's ``process_value``, which
    ``typer_process`` (typer's) does for a parameter without a conversion, and for a required
    one without a value (its error)."""
    if param.conversion is None:
        return typer_process(ctx, value)
    converted = param.conversion(value, param, ctx)
    if param.required and param.value_is_missing(converted):
        return typer_process(ctx, value)
    if param.callback is not None:
        converted = param.callback(ctx, param, converted)
    return converted


class Option(TyperOption):
    """A typer option converting its values by its :attr:`conversion` (None: typer's own)."""

    conversion: Conversion | None = None

    def process_value(self, ctx: Any, value: Any) -> Any:
        """The option's value, converted (:func:`processed`)."""
        return processed(self, ctx, value, super().process_value)


class NamedArgument(TyperArgument):
    """A typer argument converting its values by its :attr:`conversion` (None: typer's own),
    shown by its metavar alone: the name column already says what it takes."""

    conversion: Conversion | None = None

    def process_value(self, ctx: Any, value: Any) -> Any:
        """The argument's value, converted (:func:`processed`)."""
        return processed(self, ctx, value, super().process_value)

    def display_type_rich(self, ctx: Any) -> str | None:
        """No type column entry (typer would repeat the argument as ``<str>``)."""
        return None


def name_values(params: list[Any], function: Callable[..., Any] | None) -> list[Any]:
    """Make ``params``, the parameters of a command whose function is ``function`` (or a group's
    callback), show and convert as the module docstring says, in place, and return them.

    A flag gets the empty metavar, which typer prints instead of ``<bool>``; an argument becomes
    a :class:`NamedArgument` and an option an :class:`Option` (the subclasses add no state but
    their conversion, so a class can be swapped), with the conversion of the type ``function``
    declares for it (:func:`~analyzer.cli.coercion.declared_conversions`), or a bool's for a flag typer adds
    (``--help``). Idempotent, so it may run on every help page and every parse.
    """
    declared: dict[str, Conversion | None] | None = None
    for param in params:
        if isinstance(param, TyperOption) and param.is_flag and param.metavar is None:
            param.metavar = ""
        if type(param) is TyperArgument:
            param.__class__ = NamedArgument
        elif type(param) is TyperOption:
            param.__class__ = Option
        else:
            continue
        if declared is None:
            declared = declared_conversions(function)
        if param.name in declared:
            param.conversion = declared[param.name]
        elif getattr(param, "is_flag", False):  # typer's own --help and completion flags
            param.conversion = FLAG
    return params


class Command(TyperCommand):
    """A command whose parameters, its ``--help`` included, show by :func:`name_values`."""

    def get_params(self, ctx) -> list[Any]:
        """The parameters typer parses and lists (the help option is added here, lazily)."""
        return name_values(super().get_params(ctx), self.callback)


class Group(TyperGroup):
    """A group of commands whose own options show by :func:`name_values`, as a command's do."""

    def get_params(self, ctx) -> list[Any]:
        """The group's options, completion and help included (typer appends some after construction)."""
        return name_values(super().get_params(ctx), self.callback)


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
