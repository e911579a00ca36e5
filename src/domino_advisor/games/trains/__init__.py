"""Train games (Mexican Train): their rules, rounds and matches, apart from the line
games of the rest of the package, which share only tiles, events and errors."""
