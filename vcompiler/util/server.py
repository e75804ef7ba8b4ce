"""Imported first by the fork server of a pool's workers (workers.pool): ties it to the
command that started it, so that it and the workers it forks end with that command, and
has the libraries WeasyPrint loads (the modules it preloads) found without running a
compiler."""
from vcompiler.util.workers import find_libraries_quietly, serving

serving()
find_libraries_quietly()
