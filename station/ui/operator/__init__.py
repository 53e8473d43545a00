"""The operator window: call pad, prompts, last calls, sheet dialogs, and its Qt controller."""
