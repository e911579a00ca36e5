"""What the embedded Dask cluster's workers do first (``measure.cluster``); imported
only where ``distributed`` is, by the commands that measure."""

from __future__ import annotations

import os
from typing import Any

from distributed.diagnostics.plugin import WorkerPlugin


class DieWithUs(WorkerPlugin):
    """Every worker of the embedded cluster ends when the command's process ends, however
    it ends (``base.cores.die_with_parent``): the workers are that process's children."""

    name = "domino-advisor-die-with-parent"

    def __init__(self, parent: int) -> None:
        self.parent = parent

    def setup(self, worker: Any) -> None:
        from domino_advisor.base.cores import die_with_parent

        if os.getppid() == self.parent:  # a worker of the embedded cluster, not a remote one
            die_with_parent(self.parent)
