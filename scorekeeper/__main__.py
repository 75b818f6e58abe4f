"""`python -m scorekeeper` runs the command line."""

import sys

from scorekeeper.cli import main

sys.exit(main())
