/** What other server areas may use of transactions: a row's id as the console links it (the dashboard's latest list). */
export { TRANSACTION_ID_OF_ROW } from './queries'
