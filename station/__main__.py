"""`python -m station` is the same as the `station` command."""

import multiprocessing
import sys

from station.cli import main

if __name__ == "__main__":
    # `verify` checks long journals in other processes too; in the bundle those
    # processes start as this program with arguments that only this call understands.
    multiprocessing.freeze_support()
    sys.exit(main())
