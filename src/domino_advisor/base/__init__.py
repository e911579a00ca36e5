"""The base every layer speaks: tiles, errors, text shown as data, doubts, the work budgets."""
