"""The commands around the stages: the command line, watch, what a build writes, what
`check` is pointed at, and the report formats for CI."""
