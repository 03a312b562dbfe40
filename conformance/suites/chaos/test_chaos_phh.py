"""PHH import reads where each action is written in one pass: 16,000 actions, one a line in
double quotes (an action's ``'...'`` form is found nowhere), are placed in well under a second
(each one's search ran to the end of the file: 158 s), each on its own line."""

from __future__ import annotations

import time

from pokerspec.phh import document


def test_sixteen_thousand_actions_are_placed_in_linear_time() -> None:
    actions = ["d dh p1 Td", "d dh p2 Kd", *["p2 cc", "p1 cc"] * 8000]
    text = "variant = 'F7S'\nactions = [\n" + ",\n".join(f'"{a}"' for a in actions) + "\n]\n"
    began = time.process_time()
    lines = document._action_lines(text, 2, actions)
    assert time.process_time() - began < 2.0
    assert lines == tuple(range(3, 3 + len(actions)))
