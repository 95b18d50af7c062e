import { NewsFormValuesSchema } from '../../../core/news/news-form';
import { NEWS_NOT_FOUND } from '../../../core/news/news-items';
import { CreateNewsItem } from '../../../core/news/create-news-item';
import { DeleteNewsItem } from '../../../core/news/delete-news-item';
import { GetNewsItem } from '../../../core/news/get-news-item';
import { ListNewsItems } from '../../../core/news/list-news-items';
import { AdminNewsItemAnswerSchema, AdminNewsListSchema, NewsItemPageSchema, NewsItemSavedSchema } from '../../../core/news/news-schema';
import { ReadNewsItem } from '../../../core/news/read-news-item';
import { UpdateNewsItem } from '../../../core/news/update-news-item';
import type { AppContainer } from '../../container';
import { reply, type ApiRoutes } from '../../http/api-routes';
import { IdParamsSchema } from '../../http/api-schemas';
import { AdminCollection } from '../../http/admin-collection';
import { PAGE_READ, saying } from '../../http/route-parts';

const FROM_MAILERLITE = { description: '"News come from MailerLite: …" (CAMPAIGNS=mailerlite: the app writes no news)' };
const NOT_FOUND = saying(NEWS_NOT_FOUND);

/** News items written in the app (CAMPAIGNS=database): the admin screen's routes (content:write) and the members' page. */
export function registerNewsRoutes(routes: ApiRoutes, ports: AppContainer): void {
  routes.add({
    ...PAGE_READ,
    path: '/api/news/:id',
    operationId: 'getNewsItem',
    summary: "A published news item's page: its body rendered from Markdown to sanitised HTML by the server",
    tag: 'news',
    params: IdParamsSchema,
    responses: {
      200: { description: 'The news item', schema: NewsItemPageSchema },
      404: { description: '"News item not found" (unknown, a draft, not yet published, or news come from MailerLite)' },
    },
    handler: async ({ params }) => reply(200, await ports.useCase(ReadNewsItem).execute(params.id)),
  });

  const news = new AdminCollection(routes, {
    path: '/api/admin/news',
    tag: 'admin news',
    read: { action: 'news.list' },
    write: { action: 'news.write' },
    notFound: NOT_FOUND,
  });
  news.list({
    operationId: 'adminListNews',
    summary: 'Where news come from and every news item written in the app, drafts included, newest publish time first',
    responses: { 200: { description: 'News items', schema: AdminNewsListSchema } },
    handler: async ({ admin }) => reply(200, await ports.useCase(ListNewsItems).execute(admin)),
  });
  news.get({
    operationId: 'adminGetNewsItem',
    summary: 'One news item and its values for the edit form',
    responses: { 200: { description: 'The news item', schema: AdminNewsItemAnswerSchema }, 409: FROM_MAILERLITE },
    handler: async ({ admin, params }) => reply(200, await ports.useCase(GetNewsItem).execute(admin, params.id)),
  });
  news.create({
    operationId: 'adminCreateNewsItem',
    summary: 'Write a news item: subject, Markdown body, publish time (London), Draft or Published',
    body: NewsFormValuesSchema,
    responses: { 201: { description: 'Written', schema: NewsItemSavedSchema }, 409: FROM_MAILERLITE },
    handler: async ({ admin, body }) => reply(201, { item: await ports.useCase(CreateNewsItem).execute(admin, body) }),
  });
  news.update({
    operationId: 'adminUpdateNewsItem',
    summary: 'Edit a news item; status Draft unpublishes it',
    body: NewsFormValuesSchema,
    responses: { 200: { description: 'Saved', schema: NewsItemSavedSchema }, 409: FROM_MAILERLITE },
    handler: async ({ admin, params, body }) => reply(200, { item: await ports.useCase(UpdateNewsItem).execute(admin, params.id, body) }),
  });
  news.remove({
    operationId: 'adminDeleteNewsItem',
    summary: 'Delete a news item',
    responses: { 409: FROM_MAILERLITE },
    handler: async ({ admin, params }) => ports.useCase(DeleteNewsItem).execute(admin, params.id),
  });
}
