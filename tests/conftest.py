"""Settings for the whole test run.

Qt must know there is no display before any QApplication exists, or the run aborts on a machine without
one: set the offscreen platform at import, before pytest-qt creates its application.
"""

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
