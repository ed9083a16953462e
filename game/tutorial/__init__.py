"""The Tutorial: lessons on small boards, played on the real engine (game.world), one rule at a time.

    lessons.py   lesson definitions read from game/data/tutorial/*.yaml, validated into frozen dataclasses
    runner.py    LessonRunner: builds a lesson's Session, checks each submitted Action against the current step,
                 advances or rewinds with a hint, and records progress (no pygame: fully testable headless)

The screen is game/ui/board/tutorial_scene.py.
"""
