"""Alembic's entry point: migrations run on the connection the store hands over."""

from alembic import context
from sqlmodel import SQLModel

import gadget.store.rows  # noqa: F401  (the rows register their tables with SQLModel)

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=SQLModel.metadata, render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()
