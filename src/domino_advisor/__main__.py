"""The program: ``python -m domino_advisor``, and ``run`` for the console script.

The modules a command starts with (click, rich, the group) make tens of thousands of
objects that live as long as the program, and Python's collector would trace them again
and again as they pile up, finding no garbage: a few per cent of a short command's CPU
time.  So they load with the collector paused, and are then frozen (``gc.freeze``:
later collections leave them out).  Only the program does this: importing
``domino_advisor.cli.app`` (the tests, a script) leaves the collector alone.
"""

import gc

gc.disable()
try:
    from domino_advisor.cli.app import main
finally:
    gc.freeze()
    gc.enable()


def run() -> None:
    """The console script ``domino-advisor`` (click names the program after its file)."""
    main()


if __name__ == "__main__":
    main(prog_name="domino-advisor")
