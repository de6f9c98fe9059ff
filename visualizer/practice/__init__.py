"""Provides practice mode's core: exercises and their codes (exercise, code), answer files (answers,
answer_header), the checker (check, diagnosis), the drill, the session the app holds, and worksheets
(worksheet, worksheet_files: sheets, keys and index)."""
