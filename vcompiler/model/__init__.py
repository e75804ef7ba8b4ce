"""The model stage: the syntax tree of a pack's files -> one resolved pack (types.py),
every reference looked up, every effect matched against the registry's forms, logs
numbered (numbering.py, labels.py). build.py runs it; the checks read what it makes."""
