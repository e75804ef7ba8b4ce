from vcompiler.driver.cli import run

run()
