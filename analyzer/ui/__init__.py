"""The local web page of ``poker-analyzer ui``: a Hold'em calculator (range grids, a card picker,
equity, the per-combo breakdown, the equity over every flop or turn, the hits of a range on a
board), a Pai Gow split advisor, games of Head to Head Poker and of Saint Poker played against
policies with the strong player's advice, and a gallery of the committed results.

:mod:`analyzer.ui.server` serves the page and its JSON endpoints with the standard library's
threading HTTP server; :mod:`analyzer.ui.calls` is the one module that calls the public Python
API (``pa.*``), which checks every input as it does for the command line; the page itself is
hand-written HTML, CSS and JavaScript under ``analyzer/ui/static/``, shipped as package data,
so nothing is built at install and nothing is fetched at run time.
"""
