from vcompiler.cli import run

run()
