"""portalocker's `lock` and `unlock`, imported without the rest of its package (issue 29.4).

`import portalocker` runs the package's `__init__`, which also loads its lock classes, semaphores and Redis
support and asks `importlib.metadata` for its own version (loading the email package on the way): some 10-60 ms
of a window's start for two functions. Here its modules that hold them (`portalocker.portalocker`, with
`constants`, `exceptions` and `types`) are imported under the package's name with its `__init__` not run; the
package's name is then let go, so that an `import portalocker` anywhere later runs its `__init__` as usual (which
takes these same modules, already loaded). The locking itself is portalocker's own, on every platform.
"""

from __future__ import annotations

import importlib
import importlib.util
import sys
from types import ModuleType


def _modules() -> tuple[ModuleType, ModuleType, ModuleType]:
    """portalocker's `portalocker`, `constants` and `exceptions` modules."""
    names = ("portalocker.portalocker", "portalocker.constants", "portalocker.exceptions")
    if "portalocker" not in sys.modules:  # the package itself not loaded: its modules under a bare package
        spec = importlib.util.find_spec("portalocker")
        if spec is not None and spec.submodule_search_locations is not None:
            sys.modules["portalocker"] = importlib.util.module_from_spec(spec)  # its `__init__` not run
            try:
                found = tuple(importlib.import_module(name) for name in names)
            except ImportError:  # a loader that cannot import them so (none known): the package as usual, below
                for name in names:
                    sys.modules.pop(name, None)
            else:
                return found[0], found[1], found[2]
            finally:
                del sys.modules["portalocker"]
    found = tuple(importlib.import_module(name) for name in names)
    return found[0], found[1], found[2]


_portalocker, _constants, _exceptions = _modules()

lock = _portalocker.lock
unlock = _portalocker.unlock
EXCLUSIVE: int = _constants.LockFlags.EXCLUSIVE
SHARED: int = _constants.LockFlags.SHARED
NON_BLOCKING: int = _constants.LockFlags.NON_BLOCKING
LockException: type[Exception] = _exceptions.LockException
