"""Classic Codenames and Pictures cards are kept at the server, one row a code, with the
phones that opened each: both spymasters' phones show the same count and team timer, on any
server process and after a restart.

Revision ID: 0009
Revises: 0008

Nothing is carried over: there were no classic tables before.
"""

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "classic_tables",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("code", sa.String(), nullable=False),
        sa.Column("document", sa.Text(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("code"),
    )
    op.create_table(
        "classic_phones",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("table_id", sa.Integer(), sa.ForeignKey("classic_tables.id"), nullable=False),
        sa.Column("phone", sa.String(), nullable=False),
        sa.Column("opened_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("table_id", "phone"),
    )
    op.create_index("ix_classic_phones_table_id", "classic_phones", ["table_id"])
    op.create_index("ix_classic_phones_phone", "classic_phones", ["phone"])


def downgrade() -> None:
    op.drop_table("classic_phones")
    op.drop_table("classic_tables")
