"""A stand-in for $EDITOR in tests: ``fake_editor.py STATE FILE``.

STATE holds a JSON list of [old, new] replacements; each opening of the editor makes
the first one on FILE and drops it from the list.  An empty list leaves FILE as it is
(like quitting the editor without saving).
"""

import json
import sys
from pathlib import Path

state, target = Path(sys.argv[1]), Path(sys.argv[2])
changes = json.loads(state.read_text())
if changes:
    old, new = changes.pop(0)
    text = target.read_text()
    assert old in text, f"{old!r} is not in the file being edited"
    target.write_text(text.replace(old, new, 1))
    state.write_text(json.dumps(changes))
