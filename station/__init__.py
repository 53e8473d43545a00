"""Station: a hand-count station for NLRB representation elections."""

from importlib.metadata import PackageNotFoundError, version

try:
    __version__ = version("station")
except PackageNotFoundError:  # running from a source tree that was never installed
    __version__ = "0.0.0+source"
