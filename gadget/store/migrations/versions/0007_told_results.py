"""An attempt may be a game the table never saw (a phone alone, the static site), known by
the result its players told: such an attempt has no log, its told result instead, and no
count of mistakes (a told result does not say it).

Revision ID: 0007
Revises: 0006

Every attempt saved before keeps its log and its mistakes.
"""

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("attempts") as attempts:
        attempts.alter_column("log", existing_type=sa.Text(), nullable=True)
        attempts.alter_column("mistakes", existing_type=sa.Integer(), nullable=True)
        attempts.add_column(sa.Column("told", sa.Text(), nullable=True))


def downgrade() -> None:
    # The older schema cannot hold a told result: refused while there is one, never deleted.
    told = op.get_bind().execute(sa.text("SELECT COUNT(*) FROM attempts WHERE log IS NULL"))
    count = told.scalar_one()
    if count:
        raise RuntimeError(
            f"{count} attempts are told results, which the older schema cannot hold:"
            " export their teams first (gadget export TEAM)"
        )
    with op.batch_alter_table("attempts") as attempts:
        attempts.drop_column("told")
        attempts.alter_column("mistakes", existing_type=sa.Integer(), nullable=False)
        attempts.alter_column("log", existing_type=sa.Text(), nullable=False)
