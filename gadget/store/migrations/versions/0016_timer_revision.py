"""A game's row counts the changes of its timer made apart from a move (its settings, a pause).

Revision ID: 0016
Revises: 0015

A new column: a move's save and a timer's change each name the count they read, so that
the later of two made at once is made again on what the other wrote. Every game starts at 0.
"""

import sqlalchemy as sa
from alembic import op

revision = "0016"
down_revision = "0015"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("games") as games:
        games.add_column(
            sa.Column("timer_revision", sa.Integer(), nullable=False, server_default="0")
        )


def downgrade() -> None:
    with op.batch_alter_table("games") as games:
        games.drop_column("timer_revision")
