"""Learning from games: counting questions, review, hindsight, drills, and the learner's record."""
