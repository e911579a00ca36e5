"""The command line: the group, its commands, the table loop, practice, the demo, the editor."""
