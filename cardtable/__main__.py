"""`python -m cardtable` runs the command line, like the installed `cardtable` script."""

import sys

from cardtable.cli import main

sys.exit(main())
