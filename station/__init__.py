"""Station: a hand-count station for NLRB representation elections."""


def __getattr__(name: str) -> str:
    # `__version__` is read from the package metadata when first asked for, not on
    # import: importing it costs tens of milliseconds before the `station` command's
    # first instruction, which sets how Ctrl+C ends it (station/launch.py).
    if name != "__version__":
        raise AttributeError(f"module 'station' has no attribute {name!r}")
    from importlib.metadata import PackageNotFoundError, version

    try:
        found = version("station")
    except PackageNotFoundError:  # running from a source tree that was never installed
        found = "0.0.0+source"
    globals()["__version__"] = found
    return found
