"""`python -m station` is the same as the `station` command."""

import sys

from station.launch import EXIT_INTERRUPTED, interrupt_quietly, run

if __name__ == "__main__":
    try:  # first: Ctrl+C while the rest imports ends quietly (launch.py)
        interrupt_quietly()
    except KeyboardInterrupt:  # landed while the handler was being installed
        sys.exit(EXIT_INTERRUPTED)
    import multiprocessing

    # `verify` checks long journals in other processes too; in the bundle those
    # processes start as this program with arguments that only this call understands.
    multiprocessing.freeze_support()
    sys.exit(run())
