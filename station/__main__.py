"""`python -m station` is the same as the `station` command."""

import sys

# First: importing launch.py installs the handler that ends Ctrl+C quietly from here on.
from station.launch import run

if __name__ == "__main__":
    import multiprocessing

    # `verify` checks long journals in other processes too; in the bundle those
    # processes start as this program with arguments that only this call understands.
    multiprocessing.freeze_support()
    sys.exit(run())
