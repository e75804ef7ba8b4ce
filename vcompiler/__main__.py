from vcompiler.cli import main

main()
