"""Whether an attempt was played with the app as the partner (the app held side B).

Revision ID: 0015
Revises: 0014

A new column; every older attempt was played by people: false.
"""

import sqlalchemy as sa
from alembic import op

revision = "0015"
down_revision = "0014"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("attempts") as attempts:
        attempts.add_column(
            sa.Column("with_the_app", sa.Boolean(), nullable=False, server_default=sa.false())
        )


def downgrade() -> None:
    with op.batch_alter_table("attempts") as attempts:
        attempts.drop_column("with_the_app")
