/**
 * search_operations' ranking as tables: words split and singularised the way operation names are written,
 * the name outweighing the prose, rare words outweighing common ones, every query word matched beating one
 * word matched often, synonyms and prefixes at half weight, an exact name first, ties in registration order.
 */
import { describe, expect, it } from 'vitest';
import { type SearchDoc, SearchIndex, stem, tokenize } from '../../templates/runtime/mcp/toolSearch.js';

describe('tokenize', () => {
  it.each([
    ['listRepositoriesForUser', ['list', 'repository', 'user']],
    ['repos_list_branches', ['repo', 'list', 'branch']],
    ['/repos/{owner}/{repo}/pulls', ['repo', 'owner', 'repo', 'pull']],
    ['Get the HTTPResponse of a job', ['get', 'http', 'response', 'job']],
    ['statuses, boxes, class, status', ['status', 'box', 'class', 'status']],
    ['', []],
  ])('%j → %j', (text, words) => expect(tokenize(text)).toEqual(words));

  it.each([
    ['repositories', 'repository'],
    ['branches', 'branch'],
    ['pulls', 'pull'],
    ['status', 'status'],
    ['access', 'access'],
    ['gas', 'gas'],
  ])('stem %s → %s', (word, stemmed) => expect(stem(word)).toBe(stemmed));
});

const doc = (name: string, description: string, extra: Partial<SearchDoc> = {}): SearchDoc => ({
  name,
  description,
  toolsets: [],
  ...extra,
});

const docs: SearchDoc[] = [
  doc('pulls_list', 'List pull requests in a repository.', {
    path: '/repos/{owner}/{repo}/pulls',
    toolsets: ['pulls'],
    title: 'List pull requests',
  }),
  doc('pulls_create', 'Create a pull request.', {
    path: '/repos/{owner}/{repo}/pulls',
    toolsets: ['pulls'],
    title: 'Create a pull request',
  }),
  doc('issues_list_for_repo', 'List issues in a repository. Pull requests are issues too.', {
    path: '/repos/{owner}/{repo}/issues',
    toolsets: ['issues'],
  }),
  doc('repos_delete', 'Delete a repository.', { path: '/repos/{owner}/{repo}', toolsets: ['repos'], title: 'Delete a repository' }),
  doc('repos_list_deployments', 'List deployments of a repository.', { path: '/repos/{owner}/{repo}/deployments', toolsets: ['repos'] }),
  doc('actions_cancel_workflow_run', 'Cancels a workflow run.', {
    path: '/repos/{owner}/{repo}/actions/runs/{run_id}/cancel',
    toolsets: ['actions'],
  }),
  doc('repos_delete_webhook', 'Delete a repository webhook.', {
    path: '/repos/{owner}/{repo}/hooks/{hook_id}',
    title: 'Delete a repository webhook',
  }),
  doc('search_commits', 'Find commits via various criteria.', { path: '/search/commits', title: 'Search commits' }),
  doc('repos_list_commits', 'List commits of a repository.', { path: '/repos/{owner}/{repo}/commits', title: 'List commits' }),
  doc('meta_get_zen', 'Get a random sentence from the Zen of GitHub. Repository repository repository.', { path: '/zen' }),
];
const index = new SearchIndex(docs);
const names = (query: string) => index.search(query).map((h) => h.doc.name);

describe('SearchIndex.search', () => {
  it.each([
    ['list pull requests', 'pulls_list'],
    ['create pull request', 'pulls_create'],
    ['delete repository', 'repos_delete'],
    ['remove repo', 'repos_delete'],
    ['stop workflow run', 'actions_cancel_workflow_run'],
    ['deploy', 'repos_list_deployments'],
    ['issues', 'issues_list_for_repo'],
    ['zen', 'meta_get_zen'],
    // The tool whose title the query covers beats the one that merely contains it.
    ['delete a repository', 'repos_delete'],
    ['delete repository webhook', 'repos_delete_webhook'],
    // A synonym (list ~ search) never counts for more than the word typed.
    ['list commits', 'repos_list_commits'],
    ['search commits', 'search_commits'],
  ])('%j ranks %s first', (query, first) => expect(names(query)[0]).toBe(first));

  it('a query that is exactly a tool name puts that tool first', () => {
    expect(names('repos_list_deployments')[0]).toBe('repos_list_deployments');
  });

  it('a word in the name and title outweighs the same word repeated in the prose', () => {
    const ranked = names('repository');
    expect(ranked.indexOf('repos_delete')).toBeLessThan(ranked.indexOf('meta_get_zen'));
  });

  it('a document matching every query word beats one matching a single word', () => {
    const ranked = names('pull requests issues');
    expect(ranked[0]).toBe('issues_list_for_repo');
  });

  it('returns nothing for words no document holds, or a query of stop words only', () => {
    expect(names('kubernetes')).toEqual([]);
    expect(names('the of a')).toEqual([]);
  });

  it('ties keep registration order', () => {
    const twins = new SearchIndex([doc('second_tool', 'same words'), doc('first_tool', 'same words')]);
    expect(twins.search('same words').map((h) => h.doc.name)).toEqual(['second_tool', 'first_tool']);
  });

  it('is deterministic', () => {
    expect(new SearchIndex(docs).search('list repository')).toEqual(index.search('list repository'));
  });
});
