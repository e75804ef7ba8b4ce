"""Imported first by the fork server of a pool's workers (workers.pool): ties it to the
command that started it, so that it and the workers it forks end with that command."""
from vcompiler.workers import serving

serving()
