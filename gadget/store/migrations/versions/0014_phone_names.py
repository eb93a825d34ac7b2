"""The names players give their phones, and the phones of each side an attempt keeps (the
game of more than two).

Revision ID: 0014
Revises: 0013

A new table and a new column that older attempts leave empty; nothing is carried over.
"""

import sqlalchemy as sa
from alembic import op

revision = "0014"
down_revision = "0013"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "phone_names",
        sa.Column("phone", sa.String(), primary_key=True),
        sa.Column("name", sa.String(), nullable=False),
        sa.Column("named_at", sa.DateTime(timezone=True), nullable=False),
    )
    with op.batch_alter_table("attempts") as attempts:
        attempts.add_column(sa.Column("sides", sa.Text(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("attempts") as attempts:
        attempts.drop_column("sides")
    op.drop_table("phone_names")
