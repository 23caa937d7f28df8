"""poker-analyzer: exact and Monte Carlo odds and strategy for poker-family card games."""

from importlib.metadata import PackageNotFoundError, version

try:
    __version__ = version("poker-analyzer")
except PackageNotFoundError:  # running from a source tree that is not installed
    __version__ = "0.0.0+source"
